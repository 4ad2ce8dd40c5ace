import { describe, expect, it } from 'vitest';
import { formatMicroEuros } from './transaction-amounts';

describe('formatMicroEuros', () => {
  it('shows six decimals, signed when asked', () => {
    expect(formatMicroEuros(5, true)).toBe('+€5.000000');
    expect(formatMicroEuros(-0.07991, true)).toBe('-€0.079910');
    expect(formatMicroEuros(12.5)).toBe('€12.500000');
  });
});

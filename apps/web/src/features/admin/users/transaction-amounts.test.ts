import { describe, expect, it } from 'vitest';
import { formatEuros } from '../../../lib/format';
import { formatMicroEuros } from './transaction-amounts';

describe('formatMicroEuros', () => {
  it('shows six decimals, signed when asked', () => {
    expect(formatMicroEuros(5, true)).toBe('+€5.000000');
    expect(formatMicroEuros(-0.07991, true)).toBe('-€0.079910');
    expect(formatMicroEuros(12.5)).toBe('€12.500000');
  });
});

describe('the balances beside them (formatEuros)', () => {
  it('show two decimals', () => {
    expect(formatEuros(12.32009)).toBe('€12.32');
    expect(formatEuros(0)).toBe('€0.00');
  });
});

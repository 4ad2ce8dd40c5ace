import { describe, expect, it } from 'vitest';
import { formatBalance, formatMicroEuros } from './transaction-amounts';

describe('formatMicroEuros', () => {
  it('shows six decimals, signed when asked', () => {
    expect(formatMicroEuros(5, true)).toBe('+€5.000000');
    expect(formatMicroEuros(-0.07991, true)).toBe('-€0.079910');
    expect(formatMicroEuros(12.5)).toBe('€12.500000');
  });
});

describe('formatBalance', () => {
  it('shows two decimals', () => {
    expect(formatBalance(12.32009)).toBe('€12.32');
    expect(formatBalance(0)).toBe('€0.00');
  });
});

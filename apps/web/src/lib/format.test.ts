import { describe, expect, it } from 'vitest';
import { formatDate, formatEuros } from './format';

describe('format', () => {
  it('shows balances in euros with two decimals', () => {
    expect(formatEuros(2)).toBe('€2.00');
    expect(formatEuros(1234.5)).toBe('€1,234.50');
  });

  it('says when a date is missing or broken', () => {
    expect(formatDate(null)).toBe('Unknown');
    expect(formatDate('not a date')).toBe('Invalid date');
    expect(formatDate('2024-03-05T10:00:00Z')).toMatch(/^0[45]\.03\.2024$/);
  });
});

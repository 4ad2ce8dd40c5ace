import { describe, expect, it } from 'vitest';
import { formatSignedEuros, transactionTypeLabel } from './transaction-format';

describe('transaction format', () => {
  it('names the ledger types in words', () => {
    expect(transactionTypeLabel('topup')).toBe('Top-up');
    expect(transactionTypeLabel('product_purchase')).toBe('Purchase');
    expect(transactionTypeLabel('admin_adjustment')).toBe('admin adjustment');
    expect(transactionTypeLabel('')).toBe('Unknown');
  });
  it('signs amounts', () => {
    expect(formatSignedEuros(20)).toBe('+€20.00');
    expect(formatSignedEuros(-2.99)).toBe('-€2.99');
    expect(formatSignedEuros(0)).toBe('€0.00');
  });
});

import { describe, expect, it } from 'vitest';
import type { AdminTransaction } from '@kurir/core';
import { formatAmount, formatSignedAmount, formatTransactionDate, isUserId, matchesTransactionSearch, testResultText } from './transaction-format';

const tx: AdminTransaction = {
  id: 't1',
  userId: '5f0c2a4e-1d2b-4c3a-9e8f-7a6b5c4d3e2f',
  userPhone: '+38641555201',
  userName: 'Acme d.o.o.',
  type: 'sms_cost',
  ledgerType: 'viber_cost',
  amount: -0.07991,
  balanceBefore: 2,
  balanceAfter: 1.92009,
  description: 'Viber to +38640111201',
  status: 'completed',
  createdAt: '2026-11-23T14:05:00',
};

describe('admin transaction formats', () => {
  it('puts the sign before the euro amount, 2 decimals', () => {
    expect(formatSignedAmount(-0.07991)).toBe('-€0.08');
    expect(formatSignedAmount(20)).toBe('+€20.00');
    expect(formatSignedAmount(0.005)).toBe('+€0.01');
    expect(formatAmount(1.92009)).toBe('€1.92');
  });

  it("dates read 'MMM dd, HH:mm', or Unknown", () => {
    expect(formatTransactionDate('2026-11-23T14:05:00')).toBe('Nov 23, 14:05');
    expect(formatTransactionDate('2026-02-03T09:07:00')).toBe('Feb 03, 09:07');
    expect(formatTransactionDate('garbage')).toBe('Unknown');
  });

  it('searches phone, name, description and type', () => {
    expect(matchesTransactionSearch(tx, '5552')).toBe(true);
    expect(matchesTransactionSearch(tx, 'acme')).toBe(true);
    expect(matchesTransactionSearch(tx, 'VIBER TO')).toBe(true);
    expect(matchesTransactionSearch(tx, 'sms_cost')).toBe(true);
    expect(matchesTransactionSearch(tx, 'top_up')).toBe(false);
    expect(matchesTransactionSearch(tx, '  ')).toBe(true);
  });

  it('filters by user only with a whole id', () => {
    expect(isUserId(tx.userId)).toBe(true);
    expect(isUserId('5f0c2a4e')).toBe(false);
  });

  it("says the spec's alert texts", () => {
    expect(testResultText({ success: true, error: null })).toBe('Transaction system test completed successfully!');
    expect(testResultText({ success: false, error: '1 user disagrees' })).toBe('Transaction test failed: 1 user disagrees');
    expect(testResultText({ success: false, error: null })).toBe('Transaction test failed: Unknown error');
    expect(testResultText({ exception: 'Network down' })).toBe('Transaction test failed: Network down');
  });
});

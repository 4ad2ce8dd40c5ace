// POST /api/test-transactions: the ledger integrity check (every balance equals the sum of its
// ledger, the chain of balances is unbroken, nothing negative). It changes nothing.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { testTransactionsResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';

export type TestTransactionsReply = z.infer<typeof testTransactionsResponseSchema>;

export const testTransactions = () => api.post<TestTransactionsReply>('/api/test-transactions');

export function useTestTransactions() {
  return useMutation({ mutationFn: testTransactions });
}

// GET /api/dashboard/recent-transactions: the balance card's last ledger entries (spec §7: retried
// 3 times, 1 s apart). Anything that moves the balance invalidates queryRoots.ledger.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recentTransactionsResponseSchema } from '@kurir/core/schemas/payments';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type RecentTransactionsReply = z.infer<typeof recentTransactionsResponseSchema>;

export const getRecentTransactionsKey = () => [...queryRoots.ledger, 'recent'] as const;

export const getRecentTransactions = () => api.get<RecentTransactionsReply>('/api/dashboard/recent-transactions');

export const getRecentTransactionsQuery = () =>
  queryOptions({
    queryKey: getRecentTransactionsKey(),
    queryFn: getRecentTransactions,
    retry: 3,
    retryDelay: 1000,
  });

// GET /api/dashboard/recent-transactions: the balance card's last ledger entries (spec §7: retried
// 3 times, 1 s apart).
import { queryOptions } from '@tanstack/react-query';
import type { RecentTransaction } from '@kurir/core';

export const RECENT_TRANSACTIONS_KEY = ['/api/dashboard/recent-transactions'] as const;

export type RecentTransactionsReply = { success: true; transactions: RecentTransaction[] };

export const recentTransactionsQuery = queryOptions<RecentTransactionsReply>({
  queryKey: RECENT_TRANSACTIONS_KEY,
  retry: 3,
  retryDelay: 1000,
});

// GET /api/admin/transactions?userId: the newest ledger entries of every user (or one), with the
// four summaries over the whole ledger (or that user).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminTransactionsResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminTransactionsReply = z.infer<typeof adminTransactionsResponseSchema>;

export const getAdminTransactionsKey = (userId: string | null) => [...queryRoots.ledger, 'all-users', { userId }] as const;

export const getAdminTransactions = (userId: string | null) =>
  api.get<AdminTransactionsReply>('/api/admin/transactions', { userId: userId ?? undefined });

export const getAdminTransactionsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: getAdminTransactionsKey(userId),
    queryFn: () => getAdminTransactions(userId),
    placeholderData: keepPreviousData,
  });

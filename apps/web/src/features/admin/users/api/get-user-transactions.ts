// GET /api/admin/users/{id}/transactions?page=…&limit=20: one user's ledger, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { USER_TRANSACTIONS_PAGE_SIZE, type userTransactionsResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type UserTransactionsReply = z.infer<typeof userTransactionsResponseSchema>;

export const getUserTransactionsKey = (userId: string, page: number) => [...queryRoots.ledger, 'admin-user', userId, { page }] as const;

export const getUserTransactions = (userId: string, page: number) =>
  api.get<UserTransactionsReply>(`/api/admin/users/${segment(userId)}/transactions`, { page, limit: USER_TRANSACTIONS_PAGE_SIZE });

export const getUserTransactionsQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: getUserTransactionsKey(userId, page),
    queryFn: () => getUserTransactions(userId, page),
    placeholderData: keepPreviousData,
  });

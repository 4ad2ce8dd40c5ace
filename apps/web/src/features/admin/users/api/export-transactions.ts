// GET /api/admin/transactions/export?userId=…: every ledger entry of one user, for the CSV the
// browser builds (transactions-csv.ts). Called on demand, not cached.
import type { z } from 'zod';
import type { transactionsExportResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';

export type TransactionsExportReply = z.infer<typeof transactionsExportResponseSchema>;

export const exportTransactions = (userId: string) => api.get<TransactionsExportReply>('/api/admin/transactions/export', { userId });

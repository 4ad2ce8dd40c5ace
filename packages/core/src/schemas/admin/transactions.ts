// Money in the admin area: one user's ledger (GET /api/admin/users/{id}/transactions and
// /api/admin/transactions/export), every user's ledger (GET /api/admin/transactions) with the four
// summaries, and the integrity check (POST /api/test-transactions).
import { z } from '../zod';
import {
  ADMIN_LIST_MAX,
  ADMIN_TRANSACTION_SUMMARY_TYPES,
  ADMIN_TRANSACTION_TYPES,
  LEDGER_TYPES,
  USER_TRANSACTIONS_PAGE_SIZE,
} from '../../constants';

export const TRANSACTION_MESSAGES = {
  fetchFailed: 'Failed to fetch transactions',
  exportFailed: 'Failed to export transactions',
  none: 'No transactions found',
  noneHint: 'Use Test System to check the ledger.',
  noMatch: 'No transactions match your search criteria',
  testPassed: 'Transaction system test completed successfully!',
  testFailedPrefix: 'Transaction test failed: ',
  unknownError: 'Unknown error',
  userIdInvalid: 'User ID must be a valid id',
} as const;

/** A ledger entry as the user-scoped list and the export carry it (euros, signed). */
export const userTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(LEDGER_TYPES),
  amount: z.number(),
  /** Raw text: the CSV export escapes it in the browser. */
  description: z.string(),
  referenceId: z.string().nullable(),
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  adminUserId: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type UserTransaction = z.infer<typeof userTransactionSchema>;

export const userTransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(USER_TRANSACTIONS_PAGE_SIZE),
});

export const paginationSchema = z.object({ total: z.number(), page: z.number(), totalPages: z.number() });

export const userTransactionsResponseSchema = z.object({
  transactions: z.array(userTransactionSchema),
  pagination: paginationSchema,
});
export type UserTransactionsResponse = z.infer<typeof userTransactionsResponseSchema>;

export const transactionsExportQuerySchema = z.object({ userId: z.uuid({ error: TRANSACTION_MESSAGES.userIdInvalid }) });
export const transactionsExportResponseSchema = z.object({ success: z.literal(true), transactions: z.array(userTransactionSchema) });
export type TransactionsExportResponse = z.infer<typeof transactionsExportResponseSchema>;

/** The export's CSV columns, in order (the browser builds the file). */
export const TRANSACTION_EXPORT_COLUMNS = [
  'Date',
  'Type',
  'Amount',
  'Description',
  'Reference ID',
  'Balance Before',
  'Balance After',
  'Admin User ID',
] as const;

/** GET /api/admin/transactions: newest first; `userId` filters one user (admin spec §7). */
export const adminTransactionsQuerySchema = z.object({
  userId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.uuid({ error: TRANSACTION_MESSAGES.userIdInvalid }).optional()),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX).default(200),
});

export const adminTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userPhone: z.string(),
  /** Company name, else first and last name; null shows 'Unknown'. */
  userName: z.string().nullable(),
  /** See ADMIN_TYPE_OF_LEDGER_TYPE. */
  type: z.enum(ADMIN_TRANSACTION_TYPES),
  ledgerType: z.enum(LEDGER_TYPES),
  /** Euros, signed. */
  amount: z.number(),
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

const summaryCard = z.object({ total: z.number(), count: z.number() });
/** Over the whole ledger (or the filtered user), not only the listed rows. Totals are euros, unsigned. */
export const transactionSummarySchema = z.object(
  Object.fromEntries(ADMIN_TRANSACTION_SUMMARY_TYPES.map((t) => [t, summaryCard])) as Record<
    (typeof ADMIN_TRANSACTION_SUMMARY_TYPES)[number],
    typeof summaryCard
  >,
);

export const adminTransactionsResponseSchema = z.object({
  transactions: z.array(adminTransactionSchema),
  summary: transactionSummarySchema,
  /** Entries matching the filter (the list holds at most `limit` of them). */
  total: z.number(),
});
export type AdminTransactionsResponse = z.infer<typeof adminTransactionsResponseSchema>;

export const ledgerProblemSchema = z.object({
  userId: z.string(),
  userPhone: z.string().nullable(),
  kind: z.enum(['balance_mismatch', 'broken_chain', 'bad_entry', 'negative_balance']),
  transactionId: z.string().nullable(),
  message: z.string(),
});
export type LedgerProblemDto = z.infer<typeof ledgerProblemSchema>;

/** POST /api/test-transactions: success, or `error` naming every user and entry that disagrees. */
export const testTransactionsResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
  usersChecked: z.number(),
  entriesChecked: z.number(),
  problems: z.array(ledgerProblemSchema),
});
export type TestTransactionsResponse = z.infer<typeof testTransactionsResponseSchema>;

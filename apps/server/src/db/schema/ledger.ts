// The ledger: one append-only row for every change of a balance, written in the same database
// transaction as the balance update (see modules/billing/ledger.ts).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const LEDGER_TYPES = [
  'credit', // free starter credit
  'credit_addition', // added by an admin
  'topup', // card payment
  'product_purchase',
  'sms_cost',
  'viber_cost',
  'refund', // the undelivered part of a send, or a cancelled scheduled message
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    /** Signed micro-euros: positive adds to the balance. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** What caused it (a payment id, a send id, a product purchase id). Unique per type where set. */
    reference: text('reference'),
    adminUserId: uuid('admin_user_id').references(() => users.id),
    status: text('status', { enum: ['completed', 'pending', 'failed'] }).notNull().default('completed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    // The admin Transactions page (newest first) and its summaries and revenue by type and month.
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_type_created_idx').on(t.type, t.createdAt, t.amount),
    // An admin's credit addition retried with the same request id is added once.
    uniqueIndex('transactions_credit_addition_once_idx')
      .on(t.reference)
      .where(sql`${t.type} = 'credit_addition' and ${t.reference} is not null`),
    check('transactions_balance_chain', sql`${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`),
    check('transactions_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

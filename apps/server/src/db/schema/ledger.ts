// The ledger: one append-only row for every change of a balance, written in the same database
// transaction as the balance update (see modules/billing/ledger.ts).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_ENTRY_STATUSES, LEDGER_TYPES } from '@kurir/core';
import { timeOrderedUuid } from './ids';
import { users } from './users';


export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    // No foreign key to users (migration 0021), as for messages (0018): its check looked up and
    // share-locked the user's row once per ledger row, which every writer of the ledger has just
    // updated (the debit or credit) in the same transaction; users are never deleted (a trigger
    // refuses it).
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    /** Signed micro-euros: positive adds to the balance. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** What caused it (a payment id, a send id, a product purchase id). Unique per type where set. */
    reference: text('reference'),
    adminUserId: uuid('admin_user_id').references(() => users.id),
    status: text('status', { enum: LEDGER_ENTRY_STATUSES }).notNull().default('completed'),
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

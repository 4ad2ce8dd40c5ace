// Exact counts that paged lists show as their total, kept by triggers (migration 0014) in the
// same transaction as the rows they count, so a page never counts every row to print its total.
// Triggers rather than code in each writer: every insert of a message (sends, group commits,
// admin SMS, API test messages) or change of a user's status or role is counted, whoever wrote it.
import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** How many messages each user has (all statuses): the unfiltered history's total. */
export const messageCounts = pgTable('message_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/** How many users have each status and role: the admin users list's total without a search. */
export const userCounts = pgTable(
  'user_counts',
  {
    status: text('status').notNull(),
    role: text('role').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.role] })],
);

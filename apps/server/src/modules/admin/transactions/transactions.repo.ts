// Ledger queries of the admin area: one user's entries newest first (transactions_user_created_idx),
// every user's newest first (transactions_created_idx), and sums by type.
import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { LedgerType } from '@kurir/core';
import { transactions, users } from '../../../db/schema';

const newestFirst = [desc(transactions.createdAt), desc(transactions.id)] as const;

export async function findUserLedgerPage(db: DbOrTx, userId: string, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(transactions).where(eq(transactions.userId, userId));
  return { rows, total: count?.total ?? 0 };
}

/** Where a page of the export ended: the last entry's time, as PostgreSQL's text (microseconds kept), and id. */
export interface LedgerCursor {
  createdAt: string;
  id: string;
}

/**
 * One page of a user's entries newest first, after `cursor` (keyset on created_at, id: each page
 * costs the same however deep, and an entry written meanwhile neither shifts nor repeats one).
 * The cursor's time is kept as text: a JavaScript Date drops the microseconds and would skip or
 * repeat entries of one millisecond across a page boundary.
 */
export async function findUserLedgerAfter(db: DbOrTx, userId: string, cursor: LedgerCursor | null, limit: number) {
  const after = cursor
    ? and(
        lte(transactions.createdAt, sql`${cursor.createdAt}::timestamptz`),
        or(lt(transactions.createdAt, sql`${cursor.createdAt}::timestamptz`), lt(transactions.id, cursor.id)),
      )
    : undefined;
  return db
    .select({ entry: transactions, cursorTime: sql<string>`${transactions.createdAt}::text` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), after))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function findLedgerWithUsers(db: DbOrTx, filter: { userId?: string; limit: number }) {
  const where = filter.userId ? eq(transactions.userId, filter.userId) : undefined;
  const rows = await db
    .select({ entry: transactions, phone: users.phone, companyName: users.companyName, firstName: users.firstName, lastName: users.lastName })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(filter.limit);
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(transactions).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Sum of amounts and count of entries per ledger type (served by transactions_type_created_idx). */
export async function sumLedgerByType(db: DbOrTx, types: readonly LedgerType[], userId?: string) {
  return db
    .select({
      type: transactions.type,
      total: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(transactions)
    .where(and(inArray(transactions.type, [...types]), userId ? eq(transactions.userId, userId) : undefined))
    .groupBy(transactions.type);
}

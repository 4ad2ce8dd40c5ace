// Ledger queries of the admin area: one user's entries newest first (transactions_user_created_idx),
// every user's newest first (transactions_created_idx), and sums by type.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { transactions, users, type LedgerType } from '../../../db/schema';

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

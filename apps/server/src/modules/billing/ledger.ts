// The one way a balance changes: a conditional update that can never go below zero, and the
// ledger row that records it, in the caller's database transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { LedgerType } from '@kurir/core';
import { transactions, users } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';

export const INSUFFICIENT_CREDIT =
  'Insufficient credit. Please top up your balance to continue.';

export interface BalanceChange {
  userId: string;
  /** Signed micro-euros. */
  amount: number;
  type: LedgerType;
  description: string;
  reference?: string | null;
  adminUserId?: string | null;
}

export interface BalanceChangeResult {
  transactionId: string;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * Applies a signed amount to a user's balance and writes its ledger row. The `credit + amount >= 0`
 * condition is evaluated by PostgreSQL under the row lock, so concurrent debits cannot overdraw:
 * a debit that does not fit updates nothing and throws 402, and the caller's transaction rolls back.
 */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<BalanceChangeResult> {
  if (!Number.isSafeInteger(change.amount)) throw new Error('Amounts are whole micro-euros');
  const [row] = await tx
    .update(users)
    .set({ credit: sql`${users.credit} + ${change.amount}` })
    .where(and(eq(users.id, change.userId), sql`${users.credit} + ${change.amount} >= 0`))
    .returning({ balanceAfter: users.credit });
  if (!row) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId));
    if (!exists) throw new AppError(404, 'user_not_found', 'User not found');
    throw new AppError(402, 'insufficient_credit', INSUFFICIENT_CREDIT);
  }
  const balanceBefore = row.balanceAfter - change.amount;
  const [entry] = await tx
    .insert(transactions)
    .values({
      userId: change.userId,
      type: change.type,
      amount: change.amount,
      balanceBefore,
      balanceAfter: row.balanceAfter,
      description: change.description,
      reference: change.reference ?? null,
      adminUserId: change.adminUserId ?? null,
      // now() is when the transaction began; clock_timestamp() is after the row lock above, so
      // ledger rows sort in the order their balances changed, even under concurrency.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: transactions.id });
  return { transactionId: entry!.id, balanceBefore, balanceAfter: row.balanceAfter };
}

/**
 * The balance now, read from the row. The signed-in user a request carries may come from the
 * session cache, which holds no balance worth showing (it changes with every send).
 */
export async function currentBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return row?.credit ?? 0;
}

export type GroupedChangeResult = BalanceChangeResult | AppError;

/**
 * Several balance changes in one transaction with a constant number of statements, for group
 * commit: the users' rows are locked (in id order, so two groups cannot deadlock), each change is
 * decided in turn against the balance the ones before it left — a debit that does not fit is
 * refused alone (402; a change of an unknown user 404) and takes nothing — and then one
 * conditional UPDATE applies each user's accepted total and one INSERT writes every ledger row.
 * Under the row locks the condition cannot fail; if it ever did, the statement throws and the
 * caller's transaction rolls back rather than write a ledger that disagrees with the balances.
 */
export async function changeBalances(tx: Tx, changes: readonly BalanceChange[]): Promise<GroupedChangeResult[]> {
  for (const c of changes) if (!Number.isSafeInteger(c.amount)) throw new Error('Amounts are whole micro-euros');
  const ids = [...new Set(changes.map((c) => c.userId))].sort();
  const locked = await queryRows<{ id: string; credit: string | number }>(
    tx,
    sql`select id, credit from users where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) order by id for update`,
  );
  const balance = new Map(locked.map((r) => [r.id, Number(r.credit)]));
  const totals = new Map<string, number>();
  const entries: { i: number; u: string; t: string; a: number; b: number; f: number; d: string; r: string | null; m: string | null }[] = [];
  const results = changes.map((c): GroupedChangeResult => {
    const before = balance.get(c.userId);
    if (before === undefined) return new AppError(404, 'user_not_found', 'User not found');
    if (before + c.amount < 0) return new AppError(402, 'insufficient_credit', INSUFFICIENT_CREDIT);
    balance.set(c.userId, before + c.amount);
    totals.set(c.userId, (totals.get(c.userId) ?? 0) + c.amount);
    entries.push({ i: entries.length, u: c.userId, t: c.type, a: c.amount, b: before, f: before + c.amount, d: c.description, r: c.reference ?? null, m: c.adminUserId ?? null });
    return { transactionId: '', balanceBefore: before, balanceAfter: before + c.amount };
  });
  if (entries.length === 0) return results;
  const applied = await queryRows<{ id: string }>(tx, sql`
    update users u set credit = u.credit + v.total
      from jsonb_to_recordset(${JSON.stringify([...totals].map(([id, total]) => ({ id, total })))}::jsonb) as v(id uuid, total bigint)
     where u.id = v.id and u.credit + v.total >= 0
    returning u.id`);
  if (applied.length !== totals.size) throw new Error('A grouped balance change did not apply under its row lock');
  const ledger = await queryRows<{ id: string }>(tx, sql`
    insert into transactions (user_id, type, amount, balance_before, balance_after, description, reference, admin_user_id, created_at)
    select e.u, e.t, e.a, e.b, e.f, e.d, e.r, e.m, clock_timestamp()
      from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
           as e(i integer, u uuid, t text, a bigint, b bigint, f bigint, d text, r text, m uuid)
     order by e.i
    returning id`);
  let next = 0;
  return results.map((r) => (r instanceof AppError ? r : { ...r, transactionId: ledger[next++]!.id }));
}

// The one way a balance changes: a conditional update that can never go below zero, and the
// ledger row that records it, in the caller's database transaction.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LedgerType } from '@kurir/core';
import { transactions, users } from '../../db/schema';
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

/** The answer to a change the balance does not cover. */
export function insufficientCredit(): AppError {
  return new AppError(402, 'insufficient_credit', INSUFFICIENT_CREDIT);
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
    throw insufficientCredit();
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

/** One member of a group debit; `index` orders the members (earlier ones are served first). */
export interface GroupDebit {
  index: number;
  userId: string;
  /** Positive micro-euros to take. */
  cost: number;
  type: LedgerType;
  description: string;
  reference: string;
}

/**
 * The debit half of a one-statement group commit, as CTEs for the caller's statement to extend
 * (`group_paid` holds the members that were debited, with their balance after; `group_known` the
 * users that exist). The users' rows are locked (in id order); each user's members are served in
 * order while the balance covers them — PostgreSQL hands FOR UPDATE the latest committed balance,
 * so concurrent groups cannot overdraw — then one conditional UPDATE per user and one ledger row
 * per member, all in the one statement, so the whole group is one transaction without a
 * round trip for BEGIN or COMMIT. A member the balance does not cover is not debited; the caller
 * decides it alone (changeBalance), which answers it exactly.
 */
export function groupDebitCtes(debits: readonly GroupDebit[]): SQL {
  for (const d of debits) if (!Number.isSafeInteger(d.cost) || d.cost < 0) throw new Error('Costs are whole, non-negative micro-euros');
  const payload = JSON.stringify(debits.map((d) => ({ i: d.index, u: d.userId, a: d.cost, t: d.type, d: d.description, r: d.reference })));
  return sql`
    group_members as (select * from jsonb_to_recordset(${payload}::jsonb) as m(i integer, u uuid, a bigint, t text, d text, r text)),
    group_known as (select id, credit from users where id in (select u from group_members) order by id for update),
    group_decided as (
      select m.*, k.credit - sum(m.a) over (partition by m.u order by m.i rows unbounded preceding) as after
        from group_members m join group_known k on k.id = m.u),
    group_totals as (select u, sum(a) as total from group_decided where after >= 0 group by u),
    group_debited as (
      update users set credit = users.credit - group_totals.total
        from group_totals
       where users.id = group_totals.u and users.credit - group_totals.total >= 0
      returning users.id),
    group_paid as (select * from group_decided where after >= 0 and u in (select id from group_debited)),
    group_ledger as (
      insert into transactions (user_id, type, amount, balance_before, balance_after, description, reference, created_at)
      select u, t, -a, after + a, after, d, r, clock_timestamp() from group_paid order by i
      returning id)`;
}

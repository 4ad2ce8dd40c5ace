// The one way a balance changes: a conditional update that can never go below zero, and the
// ledger row that records it, in the caller's database transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { LedgerType } from '@kurir/core';
import { transactions, users } from '../../db/schema';
import type { Tx } from '../../db/client';
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

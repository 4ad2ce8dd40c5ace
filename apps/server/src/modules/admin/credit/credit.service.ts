// An admin adds credit: one credit_addition ledger entry carrying the admin's id, written with
// changeBalance (the balance row is locked by its UPDATE, so concurrent additions serialise and
// each adds exactly its amount), and the audit row, in one transaction. A retried request with the
// same requestId finds the first entry (unique index on credit_addition references) and adds nothing.
import { and, eq } from 'drizzle-orm';
import { ADMIN_USER_MESSAGES, eurosToMicros, formatEuros, type AddCreditBody } from '@kurir/core';
import type { Database } from '../../../db/client';
import { transactions, users } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import { changeBalance } from '../../billing/ledger';
import type { UserRow } from '../../users/user-dto';
import { writeAudit } from '../audit/audit';
import { userLabel } from '../users/admin-user-dto';

export async function addCredit(db: Database, adminId: string, body: AddCreditBody): Promise<{ user: UserRow; transactionId: string }> {
  const amount = eurosToMicros(body.amount.toFixed(2));
  try {
    return await db.transaction(async (tx) => {
      const change = await changeBalance(tx, {
        userId: body.userId,
        amount,
        type: 'credit_addition',
        description: body.note ? `Credit added by admin: ${body.note}` : 'Credit added by admin',
        reference: body.requestId ?? null,
        adminUserId: adminId,
      });
      const [user] = await tx.select().from(users).where(eq(users.id, body.userId));
      await writeAudit(tx, {
        adminId,
        action: 'credit_added',
        targetType: 'user',
        targetId: body.userId,
        targetLabel: userLabel(user!),
        before: { credit: formatEuros(change.balanceBefore) },
        after: { credit: formatEuros(change.balanceAfter), amount: formatEuros(amount) },
      });
      return { user: user!, transactionId: change.transactionId };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'user_not_found') throw notFound(ADMIN_USER_MESSAGES.notFound);
    if (body.requestId && isUniqueViolation(error)) return findEarlierAddition(db, body.userId, body.requestId, amount);
    throw error;
  }
}

/**
 * The addition a retry repeats. Only a true retry (same user, same amount) is answered with it: a
 * reused key with another amount would otherwise be told "Credit added" for money never added.
 */
async function findEarlierAddition(db: Database, userId: string, requestId: string, amount: number) {
  const [entry] = await db
    .select({ id: transactions.id, userId: transactions.userId, amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.type, 'credit_addition'), eq(transactions.reference, requestId)));
  if (!entry || entry.userId !== userId || entry.amount !== amount) throw new AppError(409, 'request_reused', 'This request id was already used for another credit addition.');
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return { user: user!, transactionId: entry.id };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// The one function that turns a card payment into balance: used by Stripe's verified webhook and
// by the built-in test card form alike. A payment credits exactly once, however many times (or in
// whatever order, or on however many instances at once) its success is reported: the status moves
// to succeeded with a conditional update in the same database transaction as the ledger entry.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatEuros, type PaymentProviderName } from '@kurir/core';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { changeBalance } from '../billing/ledger';

export interface PaymentRef {
  provider: PaymentProviderName;
  providerPaymentId: string;
}

export type CreditResult =
  | { outcome: 'credited'; userId: string; balanceAfter: number }
  | { outcome: 'already_credited'; userId: string }
  | { outcome: 'unknown_payment' }
  /** The provider reports another amount or currency than we asked for: left for a person. */
  | { outcome: 'amount_mismatch'; userId: string };

const DESCRIPTIONS: Record<PaymentProviderName, string> = {
  stripe: 'Card top-up',
  test: 'Card top-up (test payment)',
};

export async function creditSucceededPayment(
  db: Database,
  ref: PaymentRef & { received?: { cents: number; currency: string } },
): Promise<CreditResult> {
  return db.transaction(async (tx) => {
    const match = and(eq(payments.provider, ref.provider), eq(payments.providerPaymentId, ref.providerPaymentId));
    const amountMatches = ref.received
      ? and(eq(payments.amount, ref.received.cents * 10_000), eq(payments.currency, ref.received.currency.toLowerCase()))
      : undefined;
    // Any state but succeeded may become succeeded: a payment can fail once and succeed on retry,
    // and the provider's word that the money arrived outranks an earlier failure we recorded.
    const [claimed] = await tx
      .update(payments)
      .set({ status: 'succeeded', succeededAt: sql`now()`, updatedAt: sql`now()`, failureMessage: null })
      .where(and(match, ne(payments.status, 'succeeded'), amountMatches))
      .returning({ id: payments.id, userId: payments.userId, amount: payments.amount });
    if (!claimed) {
      const [existing] = await tx.select({ userId: payments.userId, status: payments.status }).from(payments).where(match);
      if (!existing) return { outcome: 'unknown_payment' };
      if (existing.status === 'succeeded') return { outcome: 'already_credited', userId: existing.userId };
      return { outcome: 'amount_mismatch', userId: existing.userId };
    }
    const change = await changeBalance(tx, {
      userId: claimed.userId,
      amount: claimed.amount,
      type: 'topup',
      description: `${DESCRIPTIONS[ref.provider]} ${formatEuros(claimed.amount)}`,
      reference: ref.providerPaymentId,
    });
    await tx.update(payments).set({ ledgerTransactionId: change.transactionId }).where(eq(payments.id, claimed.id));
    return { outcome: 'credited', userId: claimed.userId, balanceAfter: change.balanceAfter };
  });
}

/** A declined or failed attempt; never undoes a success that was already recorded. */
export async function markPaymentFailed(db: Database, ref: PaymentRef, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message.slice(0, 500), updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, ref.provider),
        eq(payments.providerPaymentId, ref.providerPaymentId),
        inArray(payments.status, ['pending', 'failed']),
      ),
    );
}

export async function markPaymentCanceled(db: Database, ref: PaymentRef): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, ref.provider),
        eq(payments.providerPaymentId, ref.providerPaymentId),
        inArray(payments.status, ['pending', 'failed']),
      ),
    );
}

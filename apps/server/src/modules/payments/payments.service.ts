// Top-ups: start a card payment for an amount, and (embedded default) confirm it with the built-in
// test card form. Balance changes only through credit-payment.ts.
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, eurosToMicros, microsToEuros, type PaymentProviderName, type PaymentStatus, type TestConfirmBody } from '@kurir/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { payments, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { PaymentProvider } from '../../providers/payments/types';
import { checkTestCard } from '../../providers/payments/test/cards';
import { paymentIdOfClientSecret } from '../../providers/payments/test/test-provider';
import { creditSucceededPayment, markPaymentFailed } from './credit-payment';

export interface PaymentsDeps {
  db: Database;
  provider: PaymentProvider;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function startTopUp(deps: PaymentsDeps, userId: string, amountEuros: number, log: FastifyBaseLogger) {
  const amount = eurosToMicros(amountEuros);
  let created;
  try {
    created = await deps.provider.createPayment({ amountCents: amount / 10_000, userId });
  } catch (error) {
    // The customer sees the spec's sentence; the provider's reason goes to the log.
    log.error({ err: error, provider: deps.provider.name }, 'creating a payment failed');
    throw new AppError(502, 'payment_provider_error', PAYMENT_MESSAGES.createFailed);
  }
  await deps.db.insert(payments).values({
    userId,
    provider: deps.provider.name,
    providerPaymentId: created.providerPaymentId,
    amount,
    clientSecretHash: sha256(created.clientSecret),
  });
  return { clientSecret: created.clientSecret, amount: microsToEuros(amount) };
}

async function currentCredit(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return row!.credit;
}

/**
 * The built-in card form's confirm: only the payment's owner holding its client secret may
 * confirm it. A success goes through the same crediting function as a Stripe webhook, so a replayed
 * or doubled confirm credits once and answers as the first one did.
 */
export async function confirmTestPayment(db: Database, userId: string, body: TestConfirmBody) {
  const providerPaymentId = paymentIdOfClientSecret(body.clientSecret);
  if (!providerPaymentId) throw notFound(PAYMENT_MESSAGES.notFound);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'test'), eq(payments.providerPaymentId, providerPaymentId), eq(payments.userId, userId)));
  const presented = Buffer.from(sha256(body.clientSecret));
  if (!payment || !timingSafeEqual(presented, Buffer.from(payment.clientSecretHash))) {
    throw notFound(PAYMENT_MESSAGES.notFound);
  }
  const succeeded = () => currentCredit(db, userId).then((credit) => ({ status: 'succeeded' as const, newCredit: microsToEuros(credit), message: PAYMENT_MESSAGES.succeeded }));
  if (payment.status === 'succeeded') return succeeded();

  const card = checkTestCard(body);
  const ref = { provider: 'test' as const, providerPaymentId };
  if (card.outcome === 'invalid') throw badRequest(card.message, 'card_invalid');
  if (card.outcome === 'declined') {
    await markPaymentFailed(db, ref, card.message);
    throw new AppError(402, 'card_declined', card.message);
  }
  const result = await creditSucceededPayment(db, ref);
  if (result.outcome === 'credited') {
    return { status: 'succeeded' as const, newCredit: microsToEuros(result.balanceAfter), message: PAYMENT_MESSAGES.succeeded };
  }
  if (result.outcome === 'already_credited') return succeeded();
  throw notFound(PAYMENT_MESSAGES.notFound);
}

/** The status of one of the user's own payments, by the provider's id; null when it is not theirs. */
export async function findOwnPaymentStatus(db: Database, userId: string, provider: PaymentProviderName, providerPaymentId: string): Promise<PaymentStatus | null> {
  const [row] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row?.status ?? null;
}

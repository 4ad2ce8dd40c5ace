// POST /api/payments/webhook: Stripe's events, verified against our endpoint secret. It lives in
// its own encapsulated plugin because the signature covers the exact bytes Stripe sent, so this
// route (and only this route) keeps the raw body instead of parsing JSON.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { StripePaymentProvider } from '../../providers/payments/stripe/stripe-provider';
import { creditSucceededPayment, markPaymentCanceled, markPaymentFailed } from './credit-payment';

/** What one verified event does. Unknown intents and other event types are acknowledged. */
export async function handleStripeEvent(db: Database, event: Stripe.Event, log: FastifyBaseLogger): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      // Signed, but not what a credit can be decided on: a 400 (logged, visible in Stripe's
      // dashboard), never a 500 that looks like our outage.
      if (!Number.isSafeInteger(intent.amount_received) || typeof intent.currency !== 'string') {
        log.error({ intent: intent.id, event: event.id }, 'Stripe payment_intent.succeeded without amount_received or currency; not credited');
        throw new AppError(400, 'invalid_event', 'The event has no amount received or currency');
      }
      const result = await creditSucceededPayment(db, {
        provider: 'stripe',
        providerPaymentId: intent.id,
        received: { cents: intent.amount_received, currency: intent.currency },
      });
      if (result.outcome === 'amount_mismatch') {
        log.error({ intent: intent.id, amount: intent.amount_received, currency: intent.currency }, 'Stripe reports another amount than the top-up; not credited');
      } else if (result.outcome === 'unknown_payment') {
        log.warn({ intent: intent.id, event: event.id }, 'Stripe payment for an intent we did not create; ignored');
      } else {
        log.info({ intent: intent.id, event: event.id, outcome: result.outcome }, 'Stripe payment succeeded');
      }
      return;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      await markPaymentFailed(db, { provider: 'stripe', providerPaymentId: intent.id }, intent.last_payment_error?.message ?? 'Payment failed');
      return;
    }
    case 'payment_intent.canceled':
      await markPaymentCanceled(db, { provider: 'stripe', providerPaymentId: event.data.object.id });
      return;
    default:
      return;
  }
}

/**
 * Stripe's events are a few KB; anyone can post here before the signature is checked, so a body
 * past this is refused (413) as it arrives rather than read and hashed.
 */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

export function stripeWebhookRoutes(deps: { db: Database; provider: StripePaymentProvider }) {
  return async function (app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const options = { config: { access: 'public' }, bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT, schema: { hide: true } } as const;
    app.post('/api/payments/webhook', options, async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError(400, 'invalid_signature', 'Missing Stripe signature');
      }
      let event: Stripe.Event;
      try {
        event = deps.provider.verifyWebhook(request.body, signature);
      } catch {
        throw new AppError(400, 'invalid_signature', 'Invalid Stripe signature');
      }
      // A database error propagates as a 500, so Stripe delivers the event again later.
      await handleStripeEvent(deps.db, event, request.log);
      return { received: true };
    });
  };
}

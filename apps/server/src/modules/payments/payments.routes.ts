// /api/payments: the provider config for the web, starting a top-up, the built-in test card form
// (embedded default only) and Stripe's webhook (Stripe only).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAYMENT_MESSAGES,
  paymentStatusParamsSchema,
  paymentStatusResponseSchema,
  paymentsConfigResponseSchema,
  testConfirmBodySchema,
  testConfirmResponseSchema,
  topUpBodySchema,
  topUpResponseSchema,
} from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { idempotencyKeyHeaders } from '../../http/idempotency';
import type { Config } from '../../config';
import { createPaymentProvider, type AnyPaymentProvider } from '../../providers/payments/registry';
import { notFound } from '../../lib/errors';
import { confirmTestPayment, findOwnPaymentStatus, startTopUp } from './payments.service';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/** Per signed-in customer (behind a load balancer many customers share one address). */
const perUser = (max: number) => ({ max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip });

export function paymentRoutes(deps: { db: Database; config: Config; provider?: AnyPaymentProvider }) {
  const { db } = deps;
  const provider = deps.provider ?? createPaymentProvider(deps.config.payments);
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/payments/config', { config: { access: 'customer' }, schema: { response: { 200: paymentsConfigResponseSchema } } }, async () =>
      provider.name === 'stripe' ? { provider: provider.name, publishableKey: provider.publishableKey } : { provider: provider.name },
    );

    r.post(
      '/api/payments/top-up',
      {
        // Each call may create an intent at the provider: a person needs a handful, not hundreds.
        // With an Idempotency-Key (one per top-up the web starts) a retry gets the same payment.
        config: { access: 'customer', rateLimit: perUser(20), idempotent: true },
        schema: { headers: idempotencyKeyHeaders, body: topUpBodySchema, response: { 200: topUpResponseSchema } },
      },
      async (request) => startTopUp({ db, provider }, requireUser(request).id, request.body.amount, request.log),
    );

    // The card form asks this after the provider took the money, until the balance is credited
    // (Stripe credits through its webhook): the payment's own status, not any change of balance.
    r.get(
      '/api/payments/:id/status',
      { config: { access: 'customer', rateLimit: perUser(120) }, schema: { params: paymentStatusParamsSchema, response: { 200: paymentStatusResponseSchema } } },
      async (request) => {
        const status = await findOwnPaymentStatus(db, requireUser(request).id, provider.name, request.params.id);
        if (!status) throw notFound(PAYMENT_MESSAGES.notFound);
        return { status };
      },
    );

    if (provider.name === 'test') {
      r.post(
        '/api/payments/test/confirm',
        {
          config: { access: 'customer', rateLimit: perUser(30) },
          schema: { body: testConfirmBodySchema, response: { 200: testConfirmResponseSchema } },
        },
        async (request) => confirmTestPayment(db, requireUser(request).id, request.body),
      );
    }

    if (provider.name === 'stripe') await app.register(stripeWebhookRoutes({ db, provider }));
  };
}

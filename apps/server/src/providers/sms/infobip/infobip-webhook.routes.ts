// Infobip's delivery reports come to POST /api/webhooks/infobip/<INFOBIP_WEBHOOK_SECRET> (the URL we
// hand Infobip as notifyUrl) or to POST /api/webhooks/infobip with the secret in an
// `X-Webhook-Secret` header (for a subscription set up in Infobip's portal that sends headers).
// Public routes: the shared secret is the authentication. The path form is logged at warn level
// only, so the secret in the URL stays out of the request log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import type { InfobipProvider } from './infobip-provider';
import { deliveryReportsSchema } from './infobip-reports';

const SECRET_HEADER = 'x-webhook-secret';

export function infobipWebhookRoutes(provider: InfobipProvider) {
  /** Checked before the body is validated, so a caller without the secret learns nothing. */
  function requireSecret(secretOf: (request: FastifyRequest) => string | undefined) {
    return async (request: FastifyRequest) => {
      if (provider.acceptsSecret(secretOf(request))) return;
      request.log.warn('Infobip webhook called with a wrong secret');
      throw new AppError(401, 'invalid_webhook_secret', 'Invalid webhook secret');
    };
  }

  return async function (app: FastifyInstance) {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/webhooks/infobip/:secret',
      {
        config: { access: 'public' },
        logLevel: 'warn',
        schema: { hide: true, params: z.object({ secret: z.string() }), body: deliveryReportsSchema },
        preValidation: requireSecret((request) => (request.params as { secret?: string }).secret),
      },
      async (request) => ({ received: await provider.handleDeliveryReports(request.body) }),
    );
    typed.post(
      '/api/webhooks/infobip',
      {
        config: { access: 'public' },
        schema: { hide: true, body: deliveryReportsSchema },
        preValidation: requireSecret((request) => {
          const header = request.headers[SECRET_HEADER];
          return typeof header === 'string' ? header : undefined;
        }),
      },
      async (request) => ({ received: await provider.handleDeliveryReports(request.body) }),
    );
  };
}

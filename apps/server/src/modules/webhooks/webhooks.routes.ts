// /api/webhook-endpoints and /api/webhook-deliveries: the signed-in customer's delivery webhooks
// (Settings). Thin: parse, call the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWebhookEndpointBodySchema, createdWebhookEndpointSchema, webhookDeliveryListSchema, webhookEndpointListSchema } from '@kurir/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, replayDelivery } from './endpoints.service';

const params = z.object({ id: z.string().max(64) });

export function webhookEndpointRoutes(deps: { db: Database; config: Pick<Config, 'webhooks'> }) {
  const { db } = deps;
  const config = { access: 'customer' as const };
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/webhook-endpoints',
      { config, schema: { body: createWebhookEndpointBodySchema, response: { 201: createdWebhookEndpointSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createEndpoint(db, requireUser(request).id, request.body.url, deps.config.webhooks.allowPrivate)),
    );

    r.get('/api/webhook-endpoints', { config, schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => ({
      endpoints: await listEndpoints(db, requireUser(request).id),
    }));

    r.delete('/api/webhook-endpoints/:id', { config, schema: { params } }, async (request, reply) => {
      await deleteEndpoint(db, requireUser(request).id, request.params.id);
      return reply.status(204).send();
    });

    r.get(
      '/api/webhook-endpoints/:id/deliveries',
      { config, schema: { params, response: { 200: webhookDeliveryListSchema } } },
      async (request) => ({ deliveries: await listDeliveries(db, requireUser(request).id, request.params.id) }),
    );

    r.post('/api/webhook-deliveries/:id/replay', { config, schema: { params } }, async (request, reply) => {
      await replayDelivery(db, requireUser(request).id, request.params.id);
      return reply.status(202).send({ message: 'Delivery queued again.' });
    });
  };
}

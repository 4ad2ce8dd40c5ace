// /api/api-keys: the signed-in customer's own API keys (Settings). Thin: parse, call the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

export function apiKeyRoutes(deps: { db: Database; rateWindowSeconds: number }) {
  const { db, rateWindowSeconds } = deps;
  const config = { access: 'customer' as const };
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/api-keys',
      { config, schema: { body: createApiKeyBodySchema, response: { 201: createdApiKeySchema } } },
      async (request, reply) => reply.status(201).send(await createApiKey(db, requireUser(request).id, request.body, rateWindowSeconds)),
    );

    r.get('/api/api-keys', { config, schema: { response: { 200: apiKeyListSchema } } }, async (request) => ({
      keys: await listApiKeys(db, requireUser(request).id),
    }));

    r.delete(
      '/api/api-keys/:id',
      { config, schema: { params: z.object({ id: z.string().max(64) }) } },
      async (request, reply) => {
        await revokeApiKey(db, requireUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}

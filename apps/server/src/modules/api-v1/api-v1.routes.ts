// The public API under /api/v1, in one encapsulated plugin so its hook (every POST honours
// Idempotency-Key, http/idempotency.ts) applies to its routes only. Keys, rate limits and the error
// shape are handled app-wide (http/access.ts, http/errors.ts) for every route with
// `access: 'api_key'` / under /api/v1.
import type { FastifyInstance } from 'fastify';
import type { SendDeps } from '../messages/send.service';
import { apiV1MessageRoutes } from './api-v1-messages.routes';
import { apiV1PhonebookRoutes } from './api-v1-phonebooks.routes';
import { openApiV1Route } from './openapi';

export function apiV1Routes(deps: SendDeps) {
  return async function (app: FastifyInstance) {
    // Every POST honours Idempotency-Key; a route may say more (the send rebuilds a lost answer from its batch).
    app.addHook('onRoute', (route) => {
      if (route.method === 'POST') route.config = { ...route.config, idempotent: route.config?.idempotent ?? true };
    });
    await app.register(apiV1MessageRoutes(deps));
    await app.register(apiV1PhonebookRoutes({ db: deps.db }));
    await app.register(openApiV1Route());
  };
}

// The public API under /api/v1, in one encapsulated plugin so its hooks (Idempotency-Key) apply
// to its routes only. Keys, rate limits and the error shape are handled app-wide (http/access.ts,
// http/errors.ts) for every route with `access: 'api_key'` / under /api/v1.
import type { FastifyInstance } from 'fastify';
import type { SendDeps } from '../messages/send.service';
import { apiV1MessageRoutes, rebuildSendAnswer } from './api-v1-messages.routes';
import { apiV1PhonebookRoutes } from './api-v1-phonebooks.routes';
import { registerIdempotency } from './idempotency';
import { openApiV1Route } from './openapi';

export function apiV1Routes(deps: SendDeps) {
  return async function (app: FastifyInstance) {
    // A send's answer lost after it committed is rebuilt from its batch, not sent again.
    registerIdempotency(app, deps.db, { '/api/v1/messages': rebuildSendAnswer(deps.db) });
    await app.register(apiV1MessageRoutes(deps));
    await app.register(apiV1PhonebookRoutes({ db: deps.db }));
    await app.register(openApiV1Route());
  };
}

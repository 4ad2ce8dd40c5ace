// Who may call a route, declared on the route itself (`config: { access }`) and enforced here
// for every request. A route under /api without a declaration makes the app refuse to start.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { authenticateApiKey, type ApiKeyIdentity } from '../modules/api-keys/api-key-auth';
import { SESSION_COOKIE, findSessionUser } from '../modules/auth/sessions';
import type { UserRow } from '../modules/users/user-dto';

/** `api_key`: the public API (/api/v1), authenticated with `Authorization: Bearer kur_…`. */
export type Access = 'public' | 'customer' | 'admin' | 'api_key';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every customer, admin and api_key route. */
    user: UserRow | null;
    /** The API key of an api_key route. */
    apiKey: ApiKeyIdentity | null;
  }
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function registerAccessControl(app: FastifyInstance, deps: { db: Database; config: Config }) {
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (route.url.startsWith('/api') && !access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'api_key') {
      const found = await authenticateApiKey(deps.db, deps.config.api.rateLimit, request, reply);
      request.user = found.user;
      request.apiKey = found.key;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findSessionUser(deps.db, deps.config.session, token) : null;
    if (!found) throw unauthorized();
    if (found.user.status === 'inactive') {
      throw new AppError(403, 'account_deactivated', 'Your account has been deactivated.', { accountDeactivated: true });
    }
    if (access === 'admin' && found.user.role !== 'admin') throw forbidden();
    request.user = found.user;
  });
}

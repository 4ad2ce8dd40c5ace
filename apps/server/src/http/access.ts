// Who may call a route, declared on the route itself (`config: { access }`) and enforced here
// for every request. A route under /api without a declaration makes the app refuse to start.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { SESSION_COOKIE, findSessionUser } from '../modules/auth/sessions';
import type { UserRow } from '../modules/users/user-dto';

export type Access = 'public' | 'customer' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every customer and admin route. */
    user: UserRow | null;
  }
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function registerAccessControl(app: FastifyInstance, deps: { db: Database; config: Config }) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (route.url.startsWith('/api') && !access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
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

// /api/auth: request a code (login or register), verify it, who am I, log out.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema, phoneBodySchema, sessionResponseSchema, userSchema, verifyBodySchema, verifyResponseSchema } from '@kurir/core';
import { currentBalance } from '../billing/ledger';
import { requireUser } from '../../http/access';
import { clientNetwork } from '../../http/client-network';
import { toUserDto } from '../users/user-dto';
import type { FeatureLoader } from '../users/features';
import { requestCode, verifyCode, type AuthDeps } from './auth.service';
import { SESSION_COOKIE, deleteSession, findSessionUser } from './sessions';

// Long by design: the sign-in routes as one list read top to bottom, each a thin call into auth.service.
export function authRoutes(deps: AuthDeps & { loadFeatures: FeatureLoader }) {
  const { config } = deps;
  const rateLimit = { max: config.limits.authRequestsPerMinute, timeWindow: '1 minute' };

  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    const setSessionCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.cookieSecure,
        maxAge: Math.floor(config.session.maxAgeMs / 1000),
      });

    r.post(
      '/api/auth/register',
      { config: { access: 'public', rateLimit }, schema: { body: phoneBodySchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await requestCode(deps, { phone: request.body.phone, purpose: 'register', ip: clientNetwork(request.ip) });
        return { message: 'Verification code sent' };
      },
    );

    r.post(
      '/api/auth/request-verification',
      { config: { access: 'public', rateLimit }, schema: { body: phoneBodySchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await requestCode(deps, { phone: request.body.phone, purpose: 'login', ip: clientNetwork(request.ip) });
        return { message: 'Verification code sent' };
      },
    );

    r.post(
      '/api/auth/verify',
      { config: { access: 'public', rateLimit }, schema: { body: verifyBodySchema, response: { 200: verifyResponseSchema } } },
      async (request, reply) => {
        const signedIn = await verifyCode(deps, {
          phone: request.body.phone,
          code: request.body.code,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(reply, signedIn.token);
        return {
          user: toUserDto(signedIn.user, await deps.loadFeatures(deps.db, signedIn.user.id)),
          isNewUser: signedIn.isNewUser,
          accountDeactivated: false,
          message: signedIn.isNewUser ? 'Account created successfully' : 'Login successful',
        };
      },
    );

    r.get('/api/auth/me', { config: { access: 'customer' }, schema: { response: { 200: userSchema } } }, async (request) => {
      const user = requireUser(request);
      // The session may come from the cache; the balance is read now.
      return toUserDto({ ...user, credit: await currentBalance(deps.db, user.id) }, await deps.loadFeatures(deps.db, user.id));
    });

    // The web app's session lookup: like /api/auth/me, but a visitor who is not signed in (or whose
    // account is deactivated) gets `{ user: null }` with 200 rather than an error status.
    r.get('/api/auth/session', { config: { access: 'public' }, schema: { response: { 200: sessionResponseSchema } } }, async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      const found = token ? await findSessionUser(deps.db, deps.config.session, token) : null;
      if (!found || found.user.status === 'inactive') return { user: null };
      // The session may come from the cache; the balance is read now.
      const credit = await currentBalance(deps.db, found.user.id);
      return { user: toUserDto({ ...found.user, credit }, await deps.loadFeatures(deps.db, found.user.id)) };
    });

    r.post(
      '/api/auth/logout',
      { config: { access: 'public' }, schema: { response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await deleteSession(deps.db, token);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: 'Logged out' };
      },
    );
  };
}

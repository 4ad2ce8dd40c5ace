// Cross-site request forgery: the session cookie is SameSite=Lax, which still lets a top-level
// cross-site form POST (text/plain, urlencoded) or a same-site sibling carry it. So every request
// that can change something (POST, PUT, PATCH, DELETE) from a browser on another site is refused
// before the route runs — on every route, signed-in or not (a forged sign-in is an attack too).
// Browsers say where a request comes from: Sec-Fetch-Site (every current browser on HTTPS and
// localhost), else Origin. A request with neither is not from a browser page (curl, a provider's
// webhook) and cannot ride a visitor's cookie, so it passes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isCrossSite(request: FastifyRequest, publicOrigin: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  // 'none' is the user typing or bookmarking; 'same-site' (a sibling subdomain) is not trusted.
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (publicOrigin !== null && origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // "null" (a sandboxed frame, a redirect) or garbage
  }
}

export function registerCrossSiteGuard(app: FastifyInstance, options: { publicUrl?: string | undefined }) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isCrossSite(request, publicOrigin)) return;
    throw new AppError(403, 'cross_site_request', 'Cross-site requests are not allowed.');
  });
}

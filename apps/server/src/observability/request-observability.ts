// Every request gets an id (in each of its log lines, in an X-Request-Id header, and in error
// bodies, so a user's report leads to the log) and is counted and timed by route pattern — the
// route as declared (/api/phonebooks/:id), never the raw URL, so ids do not explode the series.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ProxyTrust } from '../http/trust-proxy';
import { httpDuration, httpRequests, webhookDeliveries } from './metrics';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: a new UUID, or the proxy's X-Request-Id when the connection comes from a
 * proxy we trust (TRUST_PROXY) and the id is a sane token; a client on the open internet cannot
 * choose the id in our logs.
 */
export function requestIdGenerator(trustProxy: ProxyTrust | false) {
  return (request: IncomingMessage): string => {
    const incoming = request.headers['x-request-id'];
    const fromProxy = trustProxy !== false && trustProxy(request.socket?.remoteAddress ?? '', 0);
    if (fromProxy && typeof incoming === 'string' && INCOMING_ID.test(incoming)) return incoming;
    return randomUUID();
  };
}

/** Which provider's webhook a route is, if it is one. */
function webhookSource(route: string): string | null {
  if (route === '/api/payments/webhook') return 'stripe';
  const match = /^\/api\/webhooks\/([a-z]+)/.exec(route);
  return match ? match[1]! : null;
}

export function registerRequestObservability(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // A 404 has no route pattern: one series for all of them.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    httpRequests.inc({ method: request.method, route, status });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const source = webhookSource(route);
    if (source) webhookDeliveries.inc({ source, status });
  });
}

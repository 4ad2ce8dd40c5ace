// GET /metrics in Prometheus text format, for a scraper that presents METRICS_TOKEN as a bearer
// token. Without METRICS_TOKEN the route does not exist: metrics name routes, providers and
// volumes, which are nobody else's business. The token is compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import { databaseGauges } from './database-gauges';
import { registry } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsRoutes(deps: { db: Database; token: string }) {
  const expected = digest(deps.token);
  const gauges = databaseGauges(deps.db);
  return async function (app: FastifyInstance) {
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const presented = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!timingSafeEqual(digest(presented), expected)) {
        throw new AppError(401, 'invalid_metrics_token', 'A valid metrics token is required.');
      }
      await gauges.collect();
      const text = (await registry.metrics()) + (await gauges.registry.metrics());
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
    });
  };
}

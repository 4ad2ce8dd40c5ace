// GET /api/admin/statistics.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statisticsQuerySchema, statisticsResponseSchema } from '@kurir/core';
import type { Database } from '../../../db/client';
import { getStatistics } from './statistics.service';

export function adminStatisticsRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/statistics',
      { config: { access: 'admin' }, schema: { querystring: statisticsQuerySchema, response: { 200: statisticsResponseSchema } } },
      async (request) => getStatistics(deps.db, request.query),
    );
  };
}

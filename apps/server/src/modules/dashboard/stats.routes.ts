// GET /api/dashboard/stats: the signed-in user's message statistics for the dashboard cards.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { requireUser } from '../../http/access';
import { getDashboardStats } from './stats.service';

export function statsRoutes(deps: { db: DbOrTx }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/dashboard/stats',
      { config: { access: 'customer' }, schema: { response: { 200: dashboardStatsSchema } } },
      async (request) => getDashboardStats(deps.db, requireUser(request).id),
    );
  };
}

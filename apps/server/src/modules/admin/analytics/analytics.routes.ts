// GET /api/admin/users/{id}/analytics.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_USER_MESSAGES, analyticsQuerySchema, analyticsResponseSchema, idParamsSchema } from '@kurir/core';
import type { Database } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { findUser } from '../users/users.repo';
import { analyticsWindow, getMonthlyStats } from './analytics.service';

export function adminAnalyticsRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/users/:id/analytics',
      { config: { access: 'admin' }, schema: { params: idParamsSchema, querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } } },
      async (request) => {
        const months = analyticsWindow(request.query);
        if (!isUuid(request.params.id) || !(await findUser(deps.db, request.params.id))) throw notFound(ADMIN_USER_MESSAGES.notFound);
        return { monthlyStats: await getMonthlyStats(deps.db, request.params.id, months) };
      },
    );
  };
}

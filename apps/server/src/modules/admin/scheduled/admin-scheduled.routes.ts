// GET /api/admin/scheduled and DELETE /api/admin/scheduled/{id}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_SCHEDULED_MESSAGES,
  adminScheduledDeletedResponseSchema,
  adminScheduledQuerySchema,
  adminScheduledResponseSchema,
  idParamsSchema,
  searchTerms,
} from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { deleteScheduledAsAdmin, listAllScheduled } from './admin-scheduled.service';

export function adminScheduledRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/admin/scheduled', { config: { access: 'admin' }, schema: { querystring: adminScheduledQuerySchema, response: { 200: adminScheduledResponseSchema } } }, async (request) => ({
      messages: await listAllScheduled(deps.db, request.query, searchTerms(request.query.search)),
    }));
    r.delete(
      '/api/admin/scheduled/:id',
      { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: adminScheduledDeletedResponseSchema } } },
      async (request) => ({
        success: true as const,
        message: ADMIN_SCHEDULED_MESSAGES.deleted,
        ...(await deleteScheduledAsAdmin(deps.db, requireUser(request).id, request.params.id)),
      }),
    );
  };
}

// Admin review of custom sender name requests (admin spec §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema, pendingSenderRequestsResponseSchema } from '@kurir/core';
import type { Database } from '../../db/client';
import { listPendingSenderRequests, moveSenderRequest, type SenderAction } from './custom-sender.service';

const ACTIONS: SenderAction[] = ['send-to-provider', 'approve', 'deny'];

export function customSenderAdminRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/pending-custom-sender-names',
      { config: { access: 'admin' }, schema: { response: { 200: pendingSenderRequestsResponseSchema } } },
      async () => ({ pendingRequests: await listPendingSenderRequests(deps.db) }),
    );

    for (const action of ACTIONS) {
      r.post(
        `/api/admin/custom-sender/${action}/:id`,
        { config: { access: 'admin' }, schema: { params: z.object({ id: z.string() }), response: { 200: messageResponseSchema } } },
        async (request) => moveSenderRequest(deps.db, request.params.id, action),
      );
    }
  };
}

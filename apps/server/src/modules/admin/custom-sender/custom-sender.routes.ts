// Admin review of custom sender name requests (admin spec §7). The state machine and the rules
// live with the product (products/custom-sender.service.ts), which customers re-submit through.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CUSTOM_SENDER_ACTIONS, customSenderActionResponseSchema, idParamsSchema, pendingSenderRequestsResponseSchema } from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { listPendingSenderRequests, moveSenderRequest } from '../../products/custom-sender.service';

export function customSenderAdminRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/pending-custom-sender-names',
      { config: { access: 'admin' }, schema: { response: { 200: pendingSenderRequestsResponseSchema } } },
      async () => ({ pendingRequests: await listPendingSenderRequests(deps.db) }),
    );

    for (const action of CUSTOM_SENDER_ACTIONS) {
      r.post(
        `/api/admin/custom-sender/${action}/:id`,
        { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: customSenderActionResponseSchema } } },
        async (request) => moveSenderRequest(deps.db, requireUser(request).id, request.params.id, action),
      );
    }
  };
}

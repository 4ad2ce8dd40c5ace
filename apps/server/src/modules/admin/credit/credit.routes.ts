// POST /api/admin/add-user-credit.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CREDIT_MESSAGES, addCreditBodySchema, addCreditResponseSchema } from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { toAdminUserDto } from '../users/admin-user-dto';
import { addCredit } from './credit.service';

export function adminCreditRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/add-user-credit',
      { config: { access: 'admin' }, schema: { body: addCreditBodySchema, response: { 200: addCreditResponseSchema } } },
      async (request) => {
        const { user, transactionId } = await addCredit(deps.db, requireUser(request).id, request.body);
        return { success: true as const, message: CREDIT_MESSAGES.added, user: toAdminUserDto(user), transactionId };
      },
    );
  };
}

// POST /api/admin/send-sms.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_SMS_MESSAGES, adminSendSmsBodySchema, adminSendSmsResponseSchema } from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { sendSmsAsAdmin } from './send-sms.service';

export function adminSendSmsRoutes(deps: { db: Database; defaultSender: string }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/send-sms',
      { config: { access: 'admin' }, schema: { body: adminSendSmsBodySchema, response: { 200: adminSendSmsResponseSchema } } },
      async (request) => {
        const sent = await sendSmsAsAdmin(deps.db, requireUser(request).id, request.body, { adminSenderName: deps.defaultSender });
        return { success: true as const, message: ADMIN_SMS_MESSAGES.sent, ...sent };
      },
    );
  };
}

// GET /api/sms/all: every customer's messages for the admin All Messages page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allMessagesQuerySchema, allMessagesResponseSchema, searchTerms, type AllMessagesResponse } from '@kurir/core';
import type { Database } from '../../../db/client';
import { allMessagesConditions, findAllMessages } from './all-messages.repo';

/** Micro-euros as the spec's decimal string of euros ('0.079910'), exact. */
function euroString(micros: number): string {
  const digits = String(Math.abs(micros)).padStart(7, '0');
  return `${micros < 0 ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

export function allMessagesRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/sms/all',
      { config: { access: 'admin' }, schema: { querystring: allMessagesQuerySchema, response: { 200: allMessagesResponseSchema } } },
      async (request): Promise<AllMessagesResponse> => {
        const where = await allMessagesConditions(deps.db, searchTerms(request.query.search));
        const { rows, total, capped } = await findAllMessages(deps.db, where, request.query.limit, request.query.offset);
        return {
          messages: rows.map(({ m, phone, companyName, firstName, lastName }) => ({
            id: m.id,
            user_id: m.userId,
            user_phone: phone,
            user_name: companyName ?? ([firstName, lastName].filter(Boolean).join(' ') || null),
            sender_name: m.senderName,
            recipient: m.recipient,
            message: m.message,
            status: m.status,
            channel: m.channel,
            created_at: m.createdAt.toISOString(),
            sell_price: euroString(m.price),
            sent_by_admin: m.sentByAdminId !== null,
            test: m.test,
          })),
          total,
          total_capped: capped,
        };
      },
    );
  };
}

// Sending, quoting, history and scheduled messages (customer §7). Thin: parse, call a service, reply.
// The two sends honour Idempotency-Key (http/idempotency.ts): the web sends one per confirmed send.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SEND_MESSAGES,
  cancelScheduledResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  quoteMessageBodySchema,
  quoteMessageResponseSchema,
  scheduleMessageBodySchema,
  scheduledListResponseSchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
} from '@kurir/core';
import { requireUser } from '../../http/access';
import { idempotencyKeyHeaders, noteNewIdempotentBatch } from '../../http/idempotency';
import { currentBalance } from '../billing/ledger';
import { badRequest } from '../../lib/errors';
import { getHistory } from './history.service';
import { quoteSend, toQuoteResponse } from './quote.service';
import { rebuildSendAnswer } from './rebuild-send-answer';
import { cancelScheduled, listScheduled } from './scheduled.service';
import { sendMessages, type SendDeps } from './send.service';

/** A send to 50 000 numbers is about 1 MB of JSON. */
const SEND_BODY_LIMIT = 4 * 1024 * 1024;

export function messagesRoutes(deps: SendDeps) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/message/send',
      {
        // A send's answer lost after it committed is rebuilt from its batch, not sent again.
        config: { access: 'customer', idempotent: { rebuild: rebuildSendAnswer(db, sendMessageBodySchema) } },
        bodyLimit: SEND_BODY_LIMIT,
        schema: { headers: idempotencyKeyHeaders, body: sendMessageBodySchema, response: { 200: sendMessageResponseSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        const { schedule, scheduledFor, ...body } = request.body;
        const scheduled = schedule ?? scheduledFor !== undefined;
        if (scheduled && scheduledFor === undefined) throw badRequest(SEND_MESSAGES.scheduleTimeRequired);
        const batchId = await noteNewIdempotentBatch(db, request);
        return sendMessages(deps, user.id, { ...body, scheduledFor: scheduled ? new Date(scheduledFor!) : null, batchId });
      },
    );

    // The spec's per-recipient call; it also takes many recipients, with one result for each.
    r.post(
      '/api/messages/schedule',
      {
        config: { access: 'customer', idempotent: { rebuild: rebuildSendAnswer(db, scheduleMessageBodySchema) } },
        bodyLimit: SEND_BODY_LIMIT,
        schema: { headers: idempotencyKeyHeaders, body: scheduleMessageBodySchema, response: { 200: sendMessageResponseSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        const { scheduledFor, ...body } = request.body;
        const batchId = await noteNewIdempotentBatch(db, request);
        return sendMessages(deps, user.id, { ...body, scheduledFor: new Date(scheduledFor), batchId });
      },
    );

    // The cost of a send as the server will charge it (phonebook recipients included).
    r.post(
      '/api/messages/quote',
      {
        config: { access: 'customer' },
        bodyLimit: SEND_BODY_LIMIT,
        schema: { body: quoteMessageBodySchema, response: { 200: quoteMessageResponseSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        // The session (and the user with it) may come from a cache; the balance never does.
        return toQuoteResponse(await quoteSend(db, user.id, request.body), await currentBalance(db, user.id));
      },
    );

    r.get(
      '/api/sms/history',
      { config: { access: 'customer' }, schema: { querystring: historyQuerySchema, response: { 200: historyResponseSchema } } },
      async (request) => getHistory(db, requireUser(request).id, request.query),
    );

    r.get(
      '/api/messages/scheduled',
      { config: { access: 'customer' }, schema: { response: { 200: scheduledListResponseSchema } } },
      async (request) => ({ messages: await listScheduled(db, requireUser(request).id) }),
    );

    r.delete(
      '/api/messages/scheduled/:id',
      {
        config: { access: 'customer' },
        schema: { params: z.object({ id: z.string().max(64) }), response: { 200: cancelScheduledResponseSchema } },
      },
      async (request) => {
        const { newCredit } = await cancelScheduled(db, requireUser(request).id, request.params.id);
        return { message: SEND_MESSAGES.cancelled, newCredit };
      },
    );
  };
}

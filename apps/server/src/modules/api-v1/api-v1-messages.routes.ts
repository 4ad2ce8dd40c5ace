// /api/v1/messages and /api/v1/balance: thin routes over the same services the web's routes use
// (send, quote, history, scheduled cancel), so product gates, the atomic debit and the per-send
// limit are the same. A test key's sends go to the simulator and cost nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SEND_MESSAGES,
  apiBalanceSchema,
  apiCancelResponseSchema,
  apiIdParamsSchema,
  apiMessageListQuerySchema,
  apiMessageListSchema,
  apiMessageSchema,
  apiQuoteBodySchema,
  apiQuoteResponseSchema,
  apiSendBodySchema,
  apiSendResponseSchema,
  detectEncoding,
  microsToEuros,
  parseRecipients,
  type ApiSendBody,
} from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { badRequest, notFound } from '../../lib/errors';
import { getHistoryPage } from '../messages/history.service';
import { quoteSend } from '../messages/quote.service';
import { cancelScheduled } from '../messages/scheduled.service';
import { sendMessages, type SendDeps } from '../messages/send.service';
import { batchInSendOrder } from '../messages/rebuild-send-answer';
import { currentBalance } from '../billing/ledger';
import { noteNewIdempotentBatch, type RebuildAnswer } from '../../http/idempotency';
import { UUID, decodeCursor, encodeCursor, toApiMessage } from './api-v1.dto';
import { v1Schema } from './api-v1.schema';

/**
 * A test key reads and cancels only the messages sent with a test key: one kept in a CI config
 * must not show or cancel the live ones (its sends already go to the simulator, free).
 */
const testKey = (request: FastifyRequest) => request.apiKey?.mode === 'test';

const recipientsOf = (body: Pick<ApiSendBody, 'to'>) => (body.to === undefined ? undefined : Array.isArray(body.to) ? body.to : [body.to]);

/**
 * The answer of POST /api/v1/messages rebuilt from the batch it wrote, for an Idempotency-Key whose
 * answer was lost after the send committed: the same messages, each with its status now, and the
 * balance now. Null when the batch was not written.
 */
export function rebuildSendAnswer(db: Database): RebuildAnswer {
  return async (batchId, request) => {
    const user = requireUser(request);
    const body = request.body as ApiSendBody;
    const rows = await batchInSendOrder(db, user.id, batchId, parseRecipients(recipientsOf(body) ?? []).recipients);
    if (rows.length === 0) return null;
    const total = rows.reduce((sum, r) => sum + r.reserved, 0);
    const encoding = detectEncoding(body.text);
    const price = microsToEuros(total / rows.length);
    const answer = {
      messages: rows.map((m) => ({ id: m.id, to: m.recipient, status: m.status, parts: m.parts, encoding, price })),
      total_price: microsToEuros(total),
      balance: microsToEuros(await currentBalance(db, user.id)),
      test: rows[0]!.test,
    };
    return { statusCode: 201, responseBody: JSON.stringify(answer) };
  };
}

/** A send to 50 000 numbers is about 1 MB of JSON. */
const SEND_BODY_LIMIT = 4 * 1024 * 1024;

// Long by design: the messages resource's routes as one list read top to bottom (like listmonk's
// handler table), each a thin call into the web's own services.
export function apiV1MessageRoutes(deps: SendDeps) {
  const { db } = deps;
  const config = { access: 'api_key' as const };
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/v1/messages',
      // A send's answer lost after it committed is rebuilt from its batch, not sent again.
      { config: { ...config, idempotent: { rebuild: rebuildSendAnswer(db) } }, bodyLimit: SEND_BODY_LIMIT, schema: v1Schema('Send a message', { body: apiSendBodySchema, ok: apiSendResponseSchema, status: 201, post: true }) },
      async (request, reply) => {
        const user = requireUser(request);
        const body = request.body;
        const test = testKey(request);
        // With an Idempotency-Key the batch is noted first, so a lost answer is rebuilt from it.
        const batchId = await noteNewIdempotentBatch(db, request);
        const result = await sendMessages(deps, user.id, {
          message: body.text,
          recipients: recipientsOf(body),
          phonebookIds: body.phonebook_ids,
          channel: body.channel,
          scheduledFor: body.scheduled_for ? new Date(body.scheduled_for) : null,
          test,
          batchId,
        });
        const total = Math.round(result.cost * 1_000_000);
        const price = microsToEuros(result.count > 0 ? total / result.count : 0);
        const encoding = detectEncoding(body.text);
        return reply.status(201).send({
          messages: result.results.map((m) => ({ id: m.id, to: m.recipient, status: m.status, parts: result.parts, encoding, price })),
          total_price: result.cost,
          balance: result.newCredit,
          test,
        });
      },
    );

    r.post(
      '/api/v1/messages/quote',
      { config, bodyLimit: SEND_BODY_LIMIT, schema: v1Schema('Quote a message without sending it', { body: apiQuoteBodySchema, ok: apiQuoteResponseSchema, post: true }) },
      async (request) => {
        const user = requireUser(request);
        const body = request.body;
        const q = await quoteSend(db, user.id, {
          message: body.text,
          recipients: recipientsOf(body),
          phonebookIds: body.phonebook_ids,
          channel: body.channel,
        });
        // total_price and price_per_recipient are what the send debits and answers (the hold), so
        // balance_after agrees with them; what Viber delivery finally costs is the *_if_viber_delivers pair.
        const priced = (micros: number) => (testKey(request) ? 0 : micros);
        const viber = q.price.channel === 'viber';
        return {
          recipients: q.price.recipients,
          invalid: q.invalid,
          duplicates_removed: q.duplicatesRemoved,
          parts: q.price.parts,
          encoding: q.price.encoding,
          unicode_characters: q.unicodeCharacters,
          price_per_recipient: microsToEuros(priced(q.price.perRecipient.hold)),
          total_price: microsToEuros(priced(q.price.hold)),
          price_per_recipient_if_viber_delivers: viber ? microsToEuros(priced(q.price.perRecipient.cost)) : null,
          total_price_if_viber_delivers: viber ? microsToEuros(priced(q.price.cost)) : null,
          balance: microsToEuros(user.credit),
          balance_after: microsToEuros(user.credit - priced(q.price.hold)),
        };
      },
    );

    r.get(
      '/api/v1/messages/:id',
      { config, schema: v1Schema('Get a message', { params: apiIdParamsSchema, ok: apiMessageSchema }) },
      async (request) => {
        const id = request.params.id;
        const [row] = UUID.test(id) ? await getHistoryPage(db, requireUser(request).id, { limit: 1, id, testOnly: testKey(request) }) : [];
        if (!row) throw notFound(SEND_MESSAGES.notFound);
        return toApiMessage(row);
      },
    );

    r.get(
      '/api/v1/messages',
      { config, schema: v1Schema('List messages, newest first', { querystring: apiMessageListQuerySchema, ok: apiMessageListSchema }) },
      async (request) => {
        const q = request.query;
        const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
        if (before === null) throw badRequest('cursor is not valid', 'validation_failed');
        const rows = await getHistoryPage(db, requireUser(request).id, {
          limit: q.limit + 1,
          status: q.status,
          recipient: q.to,
          start_date: q.created_after,
          end_date: q.created_before,
          before,
          testOnly: testKey(request),
        });
        const page = rows.slice(0, q.limit);
        return { messages: page.map(toApiMessage), next_cursor: rows.length > q.limit ? encodeCursor(page.at(-1)!.id) : null };
      },
    );

    r.delete(
      '/api/v1/messages/:id',
      { config, schema: v1Schema('Cancel a scheduled message (refunded)', { params: apiIdParamsSchema, ok: apiCancelResponseSchema }) },
      async (request) => {
        const userId = requireUser(request).id;
        const id = request.params.id;
        if (testKey(request) && !(UUID.test(id) && (await getHistoryPage(db, userId, { limit: 1, id, testOnly: true })).length > 0)) {
          throw notFound(SEND_MESSAGES.notFound);
        }
        const { newCredit } = await cancelScheduled(db, userId, id);
        return { id: request.params.id, status: 'deleted' as const, balance: newCredit };
      },
    );

    r.get('/api/v1/balance', { config, schema: v1Schema('Get the balance', { ok: apiBalanceSchema }) }, async (request) => ({
      balance: microsToEuros(requireUser(request).credit),
      currency: 'EUR' as const,
    }));
  };
}

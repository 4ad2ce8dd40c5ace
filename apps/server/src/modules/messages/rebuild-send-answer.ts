// The answer of a send (POST /api/message/send, /api/messages/schedule, /api/v1/messages) rebuilt
// from the batch it wrote, for an Idempotency-Key whose answer was lost after the send committed
// (http/idempotency.ts): the same messages in the order the send listed them, each with its status
// now, what the batch debited, and the balance now.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { SEND_MESSAGES, microsToEuros, sendMessageResponseSchema, type SendMessageResponse } from '@kurir/core';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';
import { requireUser } from '../../http/access';
import type { RebuildAnswer } from '../../http/idempotency';
import { currentBalance } from '../billing/ledger';
import { resolveRecipients } from './send.service';

/**
 * A batch's messages in the order its send named their recipients (`named`, as the first answer
 * listed them); recipients it did not name (from a phonebook that can no longer be read) last.
 */
export async function batchInSendOrder(db: Database, userId: string, batchId: string, named: readonly string[]) {
  const rows = await db
    .select({
      id: messages.id,
      recipient: messages.recipient,
      status: messages.status,
      parts: messages.parts,
      reserved: messages.reservedPrice,
      sender: messages.senderName,
      channel: messages.requestedChannel,
      scheduledFor: messages.scheduledFor,
      test: messages.test,
    })
    .from(messages)
    .where(and(eq(messages.batchId, batchId), eq(messages.userId, userId)));
  const order = new Map(named.map((r, i) => [r, i]));
  const place = (r: { recipient: string }) => order.get(r.recipient) ?? order.size;
  return rows.sort((a, b) => place(a) - place(b) || a.id.localeCompare(b.id));
}

type SendRecipients = { recipients?: string[]; recipient?: string; phonebookIds?: string[] };

/** Null when the batch was not written. `bodySchema` is the route's (the body arrives unparsed). */
export function rebuildSendAnswer(db: Database, bodySchema: z.ZodType<SendRecipients>): RebuildAnswer {
  return async (batchId, request) => {
    const user = requireUser(request);
    // The recipients resolved as the send resolved them, for their order and the duplicates it
    // removed; if they cannot be now (the phonebook product ended), the ids' order and 0.
    const body = bodySchema.safeParse(request.body);
    const parsed = body.success ? await resolveRecipients(db, user.id, body.data).catch(() => null) : null;
    const rows = await batchInSendOrder(db, user.id, batchId, parsed?.recipients ?? []);
    if (rows.length === 0) return null;
    const first = rows[0]!;
    const count = rows.length;
    const answer: SendMessageResponse = {
      message: first.scheduledFor ? SEND_MESSAGES.scheduled(count) : SEND_MESSAGES.sent(count),
      batchId,
      count,
      cost: microsToEuros(rows.reduce((sum, r) => sum + r.reserved, 0)),
      newCredit: microsToEuros(await currentBalance(db, user.id)),
      sender: first.sender,
      channel: first.channel,
      parts: first.parts,
      scheduledFor: first.scheduledFor ? first.scheduledFor.toISOString() : null,
      duplicatesRemoved: parsed?.duplicates ?? 0,
      results: rows.map((r) => ({ recipient: r.recipient, id: r.id, status: r.status })),
    };
    // As the route's serializer writes it (the schema's order of fields).
    return { statusCode: 200, responseBody: JSON.stringify(sendMessageResponseSchema.parse(answer)) };
  };
}

// The public API's shapes of our rows: snake_case, euros, ISO times.
import { microsToEuros, type ApiMessage } from '@kurir/core';
import type { findHistoryRows } from '../messages/history.repo';

type HistoryRow = Awaited<ReturnType<typeof findHistoryRows>>[number];

export function toApiMessage(m: HistoryRow): ApiMessage {
  return {
    id: m.id,
    to: m.recipient,
    from: m.senderName,
    text: m.message,
    channel: m.channel,
    status: m.status,
    parts: m.parts,
    price: microsToEuros(m.price),
    test: m.test,
    created_at: m.createdAt.toISOString(),
    scheduled_for: m.scheduledFor ? m.scheduledFor.toISOString() : null,
    sent_at: m.processedAt && m.status !== 'failed' ? m.processedAt.toISOString() : null,
    delivered_at: m.status === 'delivered' && m.settledAt ? m.settledAt.toISOString() : null,
    error: m.errorMessage,
  };
}

/** An opaque cursor: the id of the last message of the page. */
export const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
export function decodeCursor(cursor: string): string | null {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return UUID.test(id) ? id : null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

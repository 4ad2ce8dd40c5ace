// The customer's message history: their own messages, newest first, filtered and paged.
import { microsToEuros, type HistoryQuery, type HistoryResponse } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { textSearch } from './history-text';
import { findHistory, findHistoryRows, type HistoryFilter } from './history.repo';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (the whole day, UTC) or an ISO time; `end` of a date means the end of that day. */
export function parseBoundary(value: string | undefined, which: 'start' | 'end', name: string): Date | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const date = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(date.getTime())) throw badRequest(`${name} is not a valid date`, 'invalid_date');
  if (which === 'end' && DATE_ONLY.test(text)) date.setUTCDate(date.getUTCDate() + 1);
  // JavaScript dates reach year 275760, written '+275760-…', which PostgreSQL cannot read.
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) throw badRequest(`${name} is not a valid date`, 'invalid_date');
  return date;
}

export type HistoryPageQuery = Pick<HistoryQuery, 'limit' | 'recipient' | 'start_date' | 'end_date'> &
  Pick<HistoryFilter, 'status' | 'id' | 'before' | 'testOnly'>;

/** The same history, for the public API: its filters, keyset paging, no total. */
export async function getHistoryPage(db: DbOrTx, userId: string, query: HistoryPageQuery) {
  const filter: HistoryFilter = { userId, limit: query.limit, offset: 0, status: query.status, id: query.id, before: query.before, testOnly: query.testOnly };
  const digits = query.recipient?.replace(/\D/g, '').replace(/^0+/, '');
  if (digits) filter.recipientDigits = digits;
  filter.from = parseBoundary(query.start_date, 'start', 'created_after');
  filter.to = parseBoundary(query.end_date, 'end', 'created_before');
  return findHistoryRows(db, filter);
}

export async function getHistory(db: DbOrTx, userId: string, query: HistoryQuery): Promise<HistoryResponse> {
  const filter: HistoryFilter = { userId, limit: query.limit, offset: query.offset };
  const text = query.text?.trim();
  if (text) filter.text = await textSearch(db, text);
  // Digits only, and a national number's leading zeros dropped ('040 123 456' ends +38640123456).
  const digits = query.recipient?.replace(/\D/g, '').replace(/^0+/, '');
  if (digits) filter.recipientDigits = digits;
  filter.from = parseBoundary(query.start_date, 'start', 'start_date');
  filter.to = parseBoundary(query.end_date, 'end', 'end_date');

  const { rows, total, capped } = await findHistory(db, filter);
  return {
    messages: rows.map((m) => ({
      id: m.id,
      recipient: m.recipient,
      message: m.message,
      channel: m.channel,
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sell_price: microsToEuros(m.price),
      scheduled_for: m.scheduledFor ? m.scheduledFor.toISOString() : null,
      error_message: m.errorMessage,
      parts: m.parts,
      sender_name: m.senderName,
      sent_by_admin: m.sentByAdminId !== null,
    })),
    total,
    total_capped: capped,
  };
}

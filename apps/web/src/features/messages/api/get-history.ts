// GET /api/sms/history: one page of the user's messages, filtered.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryMessage, HistoryResponse } from '@kurir/core';
import { api } from '../../../lib/api';

export const HISTORY_KEY = ['/api/sms/history'] as const;
export const HISTORY_PAGE_SIZE = 10;
/** While a shown message is still on its way, look again this often for its receipt. */
const IN_FLIGHT_REFRESH_MS = 2_000;

export type HistoryParams = {
  page: number;
  text: string;
  recipient: string;
  /** ISO times; the end is exclusive. */
  startDate?: string;
  endDate?: string;
};

function historyUrl(params: HistoryParams): string {
  const search = new URLSearchParams({
    limit: String(HISTORY_PAGE_SIZE),
    offset: String((params.page - 1) * HISTORY_PAGE_SIZE),
  });
  if (params.text.trim()) search.set('text', params.text.trim());
  if (params.recipient.trim()) search.set('recipient', params.recipient.trim());
  if (params.startDate) search.set('start_date', params.startDate);
  if (params.endDate) search.set('end_date', params.endDate);
  return `${HISTORY_KEY[0]}?${search}`;
}

/** On its way: queued, handed to a provider, or scheduled for a time that has come. */
const inFlight = (message: HistoryMessage) =>
  message.status === 'pending' ||
  message.status === 'sent' ||
  (message.status === 'scheduled' && message.scheduled_for !== null && Date.parse(message.scheduled_for) <= Date.now());

export const historyQuery = (params: HistoryParams) =>
  queryOptions({
    queryKey: [...HISTORY_KEY, params],
    queryFn: () => api.get<HistoryResponse>(historyUrl(params)),
    placeholderData: keepPreviousData,
    // Statuses move from pending to delivered on the server; follow them while any is moving.
    refetchInterval: (query) => (query.state.data?.messages.some(inFlight) ? IN_FLIGHT_REFRESH_MS : false),
  });

// GET /api/sms/history: one page of the user's messages, filtered.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryMessage, HistoryResponse } from '@kurir/core/schemas/messages';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

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

export const getHistoryKey = (params: HistoryParams) => [...queryRoots.messages, 'history', params] as const;

export const getHistory = (params: HistoryParams) =>
  api.get<HistoryResponse>('/api/sms/history', {
    limit: HISTORY_PAGE_SIZE,
    offset: (params.page - 1) * HISTORY_PAGE_SIZE,
    text: params.text.trim(),
    recipient: params.recipient.trim(),
    start_date: params.startDate,
    end_date: params.endDate,
  });

/** On its way: queued, handed to a provider, or scheduled for a time that has come. */
const inFlight = (message: HistoryMessage) =>
  message.status === 'pending' ||
  message.status === 'sent' ||
  (message.status === 'scheduled' && message.scheduled_for !== null && Date.parse(message.scheduled_for) <= Date.now());

export const getHistoryQuery = (params: HistoryParams) =>
  queryOptions({
    queryKey: getHistoryKey(params),
    queryFn: () => getHistory(params),
    placeholderData: keepPreviousData,
    // Statuses move from pending to delivered on the server; follow them while any is moving.
    refetchInterval: (query) => (query.state.data?.messages.some(inFlight) ? IN_FLIGHT_REFRESH_MS : false),
  });

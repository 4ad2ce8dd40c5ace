// GET /api/sms/all?limit=15&offset&search: one page of every customer's messages, newest first,
// and how many match.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ALL_MESSAGES_PAGE_SIZE, type allMessagesResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AllMessagesReply = z.infer<typeof allMessagesResponseSchema>;
export type AllMessagesParams = { page: number; search: string };

export const getAllMessagesKey = (params: AllMessagesParams) => [...queryRoots.messages, 'all-users', params] as const;

export const getAllMessages = ({ page, search }: AllMessagesParams) =>
  api.get<AllMessagesReply>('/api/sms/all', {
    limit: ALL_MESSAGES_PAGE_SIZE,
    offset: (page - 1) * ALL_MESSAGES_PAGE_SIZE,
    search: search.trim(),
  });

export const getAllMessagesQuery = (params: AllMessagesParams) =>
  queryOptions({
    queryKey: getAllMessagesKey(params),
    queryFn: () => getAllMessages(params),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

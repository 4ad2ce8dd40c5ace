// GET /api/admin/scheduled?search&status: every message any customer ever scheduled, the waiting
// ones first (soonest first). Refreshed every 30 s (admin spec §7).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { SCHEDULED_REFRESH_MS, type AdminScheduledStatus, type adminScheduledResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminScheduledReply = z.infer<typeof adminScheduledResponseSchema>;
export type AdminScheduledParams = { search: string; status: AdminScheduledStatus | null };

export const getAdminScheduledKey = (params: AdminScheduledParams) => [...queryRoots.messages, 'all-scheduled', params] as const;

export const getAdminScheduled = ({ search, status }: AdminScheduledParams) =>
  api.get<AdminScheduledReply>('/api/admin/scheduled', { search: search.trim(), status: status ?? undefined });

export const getAdminScheduledQuery = (params: AdminScheduledParams) =>
  queryOptions({
    queryKey: getAdminScheduledKey(params),
    queryFn: () => getAdminScheduled(params),
    select: (reply) => reply.messages,
    placeholderData: keepPreviousData,
    refetchInterval: SCHEDULED_REFRESH_MS,
  });

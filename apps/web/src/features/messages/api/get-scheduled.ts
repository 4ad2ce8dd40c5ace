// GET /api/messages/scheduled: the messages still waiting for their time.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { scheduledListResponseSchema } from '@kurir/core/schemas/messages';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

const SCHEDULED_REFRESH_MS = 30_000;

export type ScheduledReply = z.infer<typeof scheduledListResponseSchema>;

export const getScheduledKey = () => [...queryRoots.messages, 'scheduled'] as const;

export const getScheduled = () => api.get<ScheduledReply>('/api/messages/scheduled');

export const getScheduledQuery = () =>
  queryOptions({ queryKey: getScheduledKey(), queryFn: getScheduled, refetchInterval: SCHEDULED_REFRESH_MS });

// GET /api/messages/scheduled: the messages still waiting for their time.
import { queryOptions } from '@tanstack/react-query';
import type { ScheduledMessage } from '@kurir/core';

export const SCHEDULED_KEY = ['/api/messages/scheduled'] as const;
const SCHEDULED_REFRESH_MS = 30_000;

export const scheduledQuery = queryOptions<{ messages: ScheduledMessage[] }>({
  queryKey: SCHEDULED_KEY,
  refetchInterval: SCHEDULED_REFRESH_MS,
});

// GET /api/dashboard/stats: the user's message figures and the last 30 days, day by day. They
// count messages, so the key sits under queryRoots.messages: a send or a cancel reloads them.
import { queryOptions } from '@tanstack/react-query';
import type { DashboardStats } from '@kurir/core/schemas/messages';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

const STATS_RETRIES = 3;
const STATS_RETRY_DELAY_MS = 1_000;

export const getStatsKey = () => [...queryRoots.messages, 'stats'] as const;

export const getStats = () => api.get<DashboardStats>('/api/dashboard/stats');

export const getStatsQuery = () =>
  queryOptions({
    queryKey: getStatsKey(),
    queryFn: getStats,
    retry: STATS_RETRIES,
    retryDelay: STATS_RETRY_DELAY_MS,
    // Sent, delivered and failed move on their own as receipts arrive; a glance a minute later
    // should see them.
    staleTime: 30_000,
    refetchOnMount: 'always',
  });

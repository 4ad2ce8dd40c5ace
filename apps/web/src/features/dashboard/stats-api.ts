// GET /api/dashboard/stats: the user's message figures and the last 30 days, day by day.
import { queryOptions } from '@tanstack/react-query';
import type { DashboardStats } from '@kurir/core';

const STATS_RETRIES = 3;
const STATS_RETRY_DELAY_MS = 1_000;

export const dashboardStatsQuery = queryOptions<DashboardStats>({
  queryKey: ['/api/dashboard/stats'],
  retry: STATS_RETRIES,
  retryDelay: STATS_RETRY_DELAY_MS,
  // Sent, delivered and failed move on their own as receipts arrive; a glance a minute later
  // should see them.
  staleTime: 30_000,
  refetchOnMount: 'always',
});

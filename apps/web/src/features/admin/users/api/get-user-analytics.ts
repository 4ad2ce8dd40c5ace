// GET /api/admin/users/{id}/analytics?startDate=…&endDate=…: monthly counts and spend. Cached for
// 30 s and not refetched on window focus (admin spec §7).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ANALYTICS_STALE_MS, type analyticsResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AnalyticsReply = z.infer<typeof analyticsResponseSchema>;

export type AnalyticsRange = { startDate: string; endDate: string };

export const getUserAnalyticsKey = (userId: string, range: AnalyticsRange) => [...queryRoots.adminUsers, 'analytics', userId, range] as const;

export const getUserAnalytics = (userId: string, range: AnalyticsRange) =>
  api.get<AnalyticsReply>(`/api/admin/users/${segment(userId)}/analytics`, range);

export const getUserAnalyticsQuery = (userId: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: getUserAnalyticsKey(userId, range),
    queryFn: () => getUserAnalytics(userId, range),
    staleTime: ANALYTICS_STALE_MS,
    refetchOnWindowFocus: false,
    select: (reply) => reply.monthlyStats,
  });

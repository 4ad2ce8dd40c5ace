// GET /api/admin/activity?limit=…: the audit log, newest first (Recent Activity).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activityResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type ActivityReply = z.infer<typeof activityResponseSchema>;

export const getActivityKey = (limit: number) => [...queryRoots.adminOverview, 'activity', { limit }] as const;

export const getActivity = (limit: number) => api.get<ActivityReply>('/api/admin/activity', { limit });

export const getActivityQuery = (limit: number) =>
  queryOptions({ queryKey: getActivityKey(limit), queryFn: () => getActivity(limit), refetchInterval: 30_000 });

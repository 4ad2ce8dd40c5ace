// GET /api/admin/dashboard: the live figures of the admin dashboard.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminDashboardResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminDashboardReply = z.infer<typeof adminDashboardResponseSchema>;

export const getAdminDashboardKey = () => [...queryRoots.adminOverview, 'dashboard'] as const;

export const getAdminDashboard = () => api.get<AdminDashboardReply>('/api/admin/dashboard');

export const getAdminDashboardQuery = () =>
  queryOptions({ queryKey: getAdminDashboardKey(), queryFn: getAdminDashboard, refetchInterval: 60_000 });

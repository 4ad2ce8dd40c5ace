// GET /api/admin/system-status: the real checks (database round trip, SMS provider, sign-in, storage).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { systemStatusResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type SystemStatusReply = z.infer<typeof systemStatusResponseSchema>;

export const getSystemStatusKey = () => [...queryRoots.adminOverview, 'system-status'] as const;

export const getSystemStatus = () => api.get<SystemStatusReply>('/api/admin/system-status');

export const getSystemStatusQuery = () =>
  queryOptions({ queryKey: getSystemStatusKey(), queryFn: getSystemStatus, refetchInterval: 30_000 });

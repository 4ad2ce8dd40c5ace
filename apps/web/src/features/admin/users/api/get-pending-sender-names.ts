// GET /api/admin/pending-custom-sender-names: requests waiting for an admin's decision.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { pendingSenderRequestsResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type PendingSenderRequestsReply = z.infer<typeof pendingSenderRequestsResponseSchema>;

export const getPendingSenderNamesKey = () => [...queryRoots.senderNames, 'pending'] as const;

export const getPendingSenderNames = () => api.get<PendingSenderRequestsReply>('/api/admin/pending-custom-sender-names');

export const getPendingSenderNamesQuery = () =>
  queryOptions({ queryKey: getPendingSenderNamesKey(), queryFn: getPendingSenderNames, select: (reply) => reply.pendingRequests });

// GET /api/users/{id}: one user in full, with the brand default sender for the Business tab.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminUserDetailResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminUserDetailReply = z.infer<typeof adminUserDetailResponseSchema>;

export const getUserKey = (id: string) => [...queryRoots.adminUsers, 'detail', id] as const;

export const getUser = (id: string) => api.get<AdminUserDetailReply>(`/api/users/${segment(id)}`);

export const getUserQuery = (id: string) => queryOptions({ queryKey: getUserKey(id), queryFn: () => getUser(id) });

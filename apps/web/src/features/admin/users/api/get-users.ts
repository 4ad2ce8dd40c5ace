// GET /api/users?status=…&role=…&search=…&sort=…&order=…&page=…: the admin users list, filtered,
// sorted and paged by the server.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUserSort, adminUsersResponseSchema, Role, UserStatus } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminUsersReply = z.infer<typeof adminUsersResponseSchema>;

export type UsersListParams = {
  statuses: readonly UserStatus[];
  roles: readonly Role[];
  search: string;
  sort: AdminUserSort;
  order: 'asc' | 'desc';
  page: number;
};

export const getUsersKey = (params: UsersListParams) => [...queryRoots.adminUsers, 'list', params] as const;

/** No status ticked means no status filter: both (the server's 'all'). */
export const getUsers = (params: UsersListParams) =>
  api.get<AdminUsersReply>('/api/users', {
    status: params.statuses.length === 0 ? 'all' : params.statuses.join(','),
    role: params.roles.join(','),
    search: params.search,
    sort: params.sort,
    order: params.order,
    page: params.page,
  });

export const getUsersQuery = (params: UsersListParams) =>
  queryOptions({ queryKey: getUsersKey(params), queryFn: () => getUsers(params), placeholderData: keepPreviousData });

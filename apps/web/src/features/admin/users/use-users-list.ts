// The Users page's list state (admin spec §2, §9): status filter (active only by default), role
// filter, debounced search, sort (last login, newest first by default) and page. All of it goes
// to the server; any filter change returns to page 1.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUserSort, Role, UserStatus } from '@kurir/core';
import { getUsersQuery, type UsersListParams } from './api/get-users';

export const SEARCH_DEBOUNCE_MS = 300;

export type SortState = { sort: AdminUserSort; order: 'asc' | 'desc' };

export const DEFAULT_SORT: SortState = { sort: 'last_login', order: 'desc' };

/** A click on the sorted column flips its order; on another column it sorts that one, A→Z first (newest first for dates, richest first for credit). */
export function nextSort(current: SortState, column: AdminUserSort): SortState {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  const descFirst: readonly AdminUserSort[] = ['last_login', 'created_at', 'credit'];
  return { sort: column, order: descFirst.includes(column) ? 'desc' : 'asc' };
}

export function useUsersList() {
  const [statuses, setStatusesState] = useState<UserStatus[]>(['active']);
  const [roles, setRolesState] = useState<Role[]>([]);
  const [search, setSearchState] = useState('');
  const [sorting, setSorting] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [settledSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const params: UsersListParams = { statuses, roles, search: settledSearch, ...sorting, page };
  const query = useQuery(getUsersQuery(params));

  return {
    query,
    statuses,
    setStatuses: (next: UserStatus[]) => (setStatusesState(next), setPage(1)),
    roles,
    setRoles: (next: Role[]) => (setRolesState(next), setPage(1)),
    search,
    setSearch: (next: string) => (setSearchState(next), setPage(1)),
    searching: search.trim() !== settledSearch,
    sorting,
    sortBy: (column: AdminUserSort) => (setSorting((current) => nextSort(current, column)), setPage(1)),
    page,
    setPage,
  };
}

export type UsersList = ReturnType<typeof useUsersList>;

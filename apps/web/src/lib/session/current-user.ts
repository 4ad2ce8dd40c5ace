// The session every page reads: who is signed in (GET /api/auth/session, which answers 200 with
// null for a visitor, so signed-out pages log no failed request), with their balance and the
// features they have bought. Changes elsewhere that move the balance or the features invalidate
// it through queryRoots.session; the ones whose reply carries the new value set it at once.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { SESSION_REFRESH_MS, SESSION_STALE_MS } from '@kurir/core/constants';
import type { SessionResponse, User } from '@kurir/core/schemas/auth';
import { api } from '../api';
import { queryRoots } from '../query-keys';

export const currentUserKey = () => [...queryRoots.session, 'current-user'] as const;

/** The user, or null when signed out. */
export const getCurrentUser = (): Promise<User | null> => api.get<SessionResponse>('/api/auth/session').then((reply) => reply.user);

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey(),
  queryFn: getCurrentUser,
  retry: 1,
  staleTime: SESSION_STALE_MS,
  refetchInterval: SESSION_REFRESH_MS,
  refetchOnWindowFocus: true,
});

/** The session: `user` is undefined while loading, null when signed out. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { ...query, user: query.data };
}

/** A reply that carries the user (profile saved, signed in, signed out) replaces the cached one. */
export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(currentUserKey(), user);
}

/**
 * A reply that carries the new balance (`newCredit`) shows it at once; the session then reloads
 * for everything else the change may have moved (features, expiry).
 */
export function applyNewCredit(queryClient: QueryClient, credit: number): Promise<void> {
  queryClient.setQueryData<User | null>(currentUserKey(), (old) => (old ? { ...old, credit } : old));
  return queryClient.invalidateQueries({ queryKey: queryRoots.session });
}

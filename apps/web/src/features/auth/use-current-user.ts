import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from './api';

/** The session: `user` is undefined while loading, null when signed out. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { ...query, user: query.data };
}


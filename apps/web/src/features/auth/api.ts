// The /api/auth calls (spec §7) and the session query every page reads.
import { queryOptions } from '@tanstack/react-query';
import {
  SESSION_REFRESH_MS,
  SESSION_STALE_MS,
  type PhoneBody,
  type User,
  type VerifyBody,
  type VerifyResponse,
} from '@kurir/core';
import { api, getOrNullOn401 } from '../../lib/api';

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;

/** Who is signed in: the user, or null when signed out (401 is an answer, not an error). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: () => getOrNullOn401<User>(CURRENT_USER_KEY[0]),
  retry: 1,
  staleTime: SESSION_STALE_MS,
  refetchInterval: SESSION_REFRESH_MS,
  refetchOnWindowFocus: true,
});

type MessageResponse = { message: string };

export const requestVerification = (body: PhoneBody) =>
  api.post<MessageResponse>('/api/auth/request-verification', body);

export const registerPhone = (body: PhoneBody) => api.post<MessageResponse>('/api/auth/register', body);

export const verifyCode = (body: VerifyBody) => api.post<VerifyResponse>('/api/auth/verify', body);

export const logout = () => api.post<unknown>('/api/auth/logout', {});

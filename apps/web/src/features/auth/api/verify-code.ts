// POST /api/auth/verify: the code signs the user in (or creates the account); the reply's user
// becomes the session at once. Refusals: invalid_code, code_expired, account_deactivated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyBody, VerifyResponse } from '@kurir/core/schemas/auth';
import { api } from '../../../lib/api';
import { setCurrentUser } from '../../../lib/session/current-user';

export const verifyCode = (body: VerifyBody) => api.post<VerifyResponse>('/api/auth/verify', body);

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: ({ user }) => setCurrentUser(queryClient, user),
  });
}

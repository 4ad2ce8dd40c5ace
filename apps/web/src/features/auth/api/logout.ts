// POST /api/auth/logout (spec §4, §7): on success everything cached belongs to the old session
// and goes; a failure is only logged and the user stays signed in (spec §8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { messageResponseSchema } from '@kurir/core';
import { api } from '../../../lib/api';
import { setCurrentUser } from '../../../lib/session/current-user';

export const logout = () => api.post<z.infer<typeof messageResponseSchema>>('/api/auth/logout', {});

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      // Set "signed out" explicitly so the guards redirect at once instead of asking again.
      setCurrentUser(queryClient, null);
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      console.error('Logout failed', error);
    },
  });
}

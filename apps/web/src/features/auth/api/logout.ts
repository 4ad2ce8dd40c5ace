// POST /api/auth/logout (spec §4, §7): on success everything cached belongs to the old session
// and goes; a failure is only logged and the user stays signed in (spec §8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { setCurrentUser } from '../../../lib/session/current-user';

export const logout = () => api.post<unknown>('/api/auth/logout', {});

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

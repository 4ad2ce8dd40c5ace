// PUT /api/user/profile: answers with the user, which replaces the signed-in user (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody, User } from '@kurir/core';
import { api } from '../../../lib/api';

const CURRENT_USER_KEY = ['/api/auth/me'];

export const updateProfile = (body: ProfileUpdateBody) => api.put<User>('/api/user/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

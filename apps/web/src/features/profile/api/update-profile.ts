// PUT /api/user/profile: answers with the user, which replaces the signed-in user (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody, User } from '@kurir/core';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { setCurrentUser } from '../../../lib/session/current-user';

export const updateProfile = (body: ProfileUpdateBody) => api.put<User>('/api/user/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: queryRoots.session });
    },
  });
}

// PUT /api/user/profile: answers with the user, which replaces the signed-in user (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '@kurir/core/schemas/profile';
import type { User } from '@kurir/core/schemas/auth';
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

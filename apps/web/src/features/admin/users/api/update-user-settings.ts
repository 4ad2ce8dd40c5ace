// PATCH /api/admin/users/{id}/settings: the user's sender name and primary channel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUserSettings, adminUserUpdateResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type UserSettingsReply = z.infer<typeof adminUserUpdateResponseSchema>;

export const updateUserSettings = (id: string, body: AdminUserSettings) =>
  api.patch<UserSettingsReply>(`/api/admin/users/${segment(id)}/settings`, body);

export function useUpdateUserSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserSettings) => updateUserSettings(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
        queryClient.invalidateQueries({ queryKey: queryRoots.session }),
      ]),
  });
}

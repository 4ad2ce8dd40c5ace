// PATCH /api/admin/users/{id}: the admin edits a user's profile, status and role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUserUpdate, adminUserUpdateResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminUserUpdateReply = z.infer<typeof adminUserUpdateResponseSchema>;

export const updateUser = (id: string, body: AdminUserUpdate) => api.patch<AdminUserUpdateReply>(`/api/admin/users/${segment(id)}`, body);

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdate) => updateUser(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
        // The admin may have edited themselves: the header's name comes from the session.
        queryClient.invalidateQueries({ queryKey: queryRoots.session }),
      ]),
  });
}

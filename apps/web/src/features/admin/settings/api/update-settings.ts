// POST /api/admin/settings: both settings at once; the reply carries them as stored.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminSettings, adminSettingsSavedResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';
import { getAdminSettingsKey, type AdminSettingsReply } from './get-settings';

export type AdminSettingsSavedReply = z.infer<typeof adminSettingsSavedResponseSchema>;

export const updateAdminSettings = (body: AdminSettings) => api.post<AdminSettingsSavedReply>('/api/admin/settings', body);

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: (reply) => {
      queryClient.setQueryData<AdminSettingsReply>(getAdminSettingsKey(), { settings: reply.settings });
      return queryClient.invalidateQueries({ queryKey: queryRoots.adminSettings });
    },
  });
}

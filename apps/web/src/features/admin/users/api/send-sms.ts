// POST /api/admin/send-sms: an SMS to the user from the admin sender name, free for the user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminSendSmsBody, adminSendSmsResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminSendSmsReply = z.infer<typeof adminSendSmsResponseSchema>;

export const sendAdminSms = (body: AdminSendSmsBody) => api.post<AdminSendSmsReply>('/api/admin/send-sms', body);

export function useSendAdminSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAdminSms,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.messages }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
      ]),
  });
}

// POST /api/admin/custom-sender/{send-to-provider|approve|deny}/{id}: a decision on a request.
// The pending list reloads after each (admin spec §4), and so do the user's products and sender.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomSenderAction, customSenderActionResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type CustomSenderActionReply = z.infer<typeof customSenderActionResponseSchema>;

export const runCustomSenderAction = (action: CustomSenderAction, requestId: string) =>
  api.post<CustomSenderActionReply>(`/api/admin/custom-sender/${action}/${segment(requestId)}`);

export function useCustomSenderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, requestId }: { action: CustomSenderAction; requestId: string }) => runCustomSenderAction(action, requestId),
    onSettled: () =>
      Promise.all([
        // After a failure too: the request may have moved on under another admin.
        queryClient.invalidateQueries({ queryKey: queryRoots.senderNames }),
        queryClient.invalidateQueries({ queryKey: queryRoots.products }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
      ]),
  });
}

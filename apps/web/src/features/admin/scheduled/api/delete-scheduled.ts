// DELETE /api/admin/scheduled/:id: cancels a customer's message that still waits and refunds
// them once. Their balance, messages and ledger all change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminScheduledDeletedResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminScheduledDeletedReply = z.infer<typeof adminScheduledDeletedResponseSchema>;

export const deleteAdminScheduled = (id: string) => api.delete<AdminScheduledDeletedReply>(`/api/admin/scheduled/${segment(id)}`);

export function useDeleteAdminScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminScheduled,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.messages }),
        queryClient.invalidateQueries({ queryKey: queryRoots.ledger }),
        // The refund moves the user's credit in the Users list and the month's figures.
        queryClient.invalidateQueries({ queryKey: queryRoots.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
      ]),
  });
}

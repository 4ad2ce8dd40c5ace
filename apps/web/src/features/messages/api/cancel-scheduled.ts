// DELETE /api/messages/scheduled/:id: cancels a message not yet taken, and refunds it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterMessagesChange } from './refresh';

export type CancelScheduledResponse = { message: string; newCredit: number };

export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<CancelScheduledResponse>(`/api/messages/scheduled/${encodeURIComponent(id)}`),
    onSettled: () => refreshAfterMessagesChange(queryClient),
  });
}

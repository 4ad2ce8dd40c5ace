// DELETE /api/messages/scheduled/:id: cancels a message not yet taken, and refunds it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cancelScheduledResponseSchema } from '@kurir/core/schemas/messages';
import { api, segment } from '../../../lib/api';
import { refreshAfterMessagesChange } from './refresh';

export type CancelScheduledResponse = z.infer<typeof cancelScheduledResponseSchema>;

export const cancelScheduled = (id: string) => api.delete<CancelScheduledResponse>(`/api/messages/scheduled/${segment(id)}`);

export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduled,
    onSettled: () => refreshAfterMessagesChange(queryClient),
  });
}

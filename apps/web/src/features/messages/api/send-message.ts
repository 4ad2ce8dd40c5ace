// POST /api/message/send (send now) and POST /api/messages/schedule (send later). Both take the
// whole recipient list in one request: the server answers for every recipient or for none. With
// an Idempotency-Key (one per confirmed send, lib/action-key.ts) a retried send is sent once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleMessageBody, SendMessageBody, SendMessageResponse } from '@kurir/core/schemas/messages';
import { api, hasErrorCode } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { refreshAfterMessagesChange } from './refresh';

export type SendInput = ({ kind: 'now'; body: SendMessageBody } | { kind: 'schedule'; body: ScheduleMessageBody }) & { idempotencyKey?: string };

export function sendMessage(input: SendInput): Promise<SendMessageResponse> {
  const options = { idempotencyKey: input.idempotencyKey };
  return input.kind === 'now'
    ? api.post<SendMessageResponse>('/api/message/send', input.body, options)
    : api.post<SendMessageResponse>('/api/messages/schedule', input.body, options);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => refreshAfterMessagesChange(queryClient),
    // The server refused a price the customer did not review: read the prices again, so the form
    // (and the next review) shows what the send costs now.
    onError: (error) => {
      if (hasErrorCode(error, 'price_changed')) void queryClient.invalidateQueries({ queryKey: queryRoots.pricing });
    },
  });
}

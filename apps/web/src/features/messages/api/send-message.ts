// POST /api/message/send (send now) and POST /api/messages/schedule (send later). Both take the
// whole recipient list in one request: the server answers for every recipient or for none.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleMessageBody, SendMessageBody, SendMessageResponse } from '@kurir/core/schemas/messages';
import { api } from '../../../lib/api';
import { refreshAfterMessagesChange } from './refresh';

export type SendInput =
  | { kind: 'now'; body: SendMessageBody }
  | { kind: 'schedule'; body: ScheduleMessageBody };

export function sendMessage(input: SendInput): Promise<SendMessageResponse> {
  return input.kind === 'now'
    ? api.post<SendMessageResponse>('/api/message/send', input.body)
    : api.post<SendMessageResponse>('/api/messages/schedule', input.body);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => refreshAfterMessagesChange(queryClient),
  });
}

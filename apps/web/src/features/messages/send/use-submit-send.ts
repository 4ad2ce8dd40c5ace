// Send now or schedule (spec §7, §8): one request with every recipient, the toasts the spec
// words, and a clean page after success.
import { SEND_MESSAGES } from '@kurir/core/schemas/messages';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSendMessage, type SendInput } from '../api/send-message';
import type { SendDraft } from './use-send-draft';
import type { SendRecipients } from './use-send-recipients';

function failureFallback(kind: SendInput['kind'], count: number): string {
  if (kind === 'schedule') return 'Failed to schedule message';
  return count > 1 ? 'Failed to send bulk SMS messages' : 'Failed to send SMS. Please try again.';
}

type Submit = { draft: SendDraft; recipients: SendRecipients; isAdmin: boolean; scheduledFor: Date | null };

/** The request body: phonebooks go by id (the server resolves them), typed numbers as a list. */
function sendInput({ draft, recipients, isAdmin, scheduledFor }: Submit): SendInput {
  const base = {
    message: draft.message,
    channel: draft.channel,
    ...(draft.mode === 'phonebook' ? { phonebookIds: draft.phonebookIds } : { recipients: recipients.typed }),
    ...(isAdmin ? { messageType: draft.messageType } : {}),
  };
  return draft.schedule && scheduledFor
    ? { kind: 'schedule', body: { ...base, scheduledFor: scheduledFor.toISOString() } }
    : { kind: 'now', body: { ...base, schedule: false } };
}

export function useSubmitSend() {
  const send = useSendMessage();

  function submit(input: Submit) {
    const request = sendInput(input);
    const count = input.recipients.count;
    const plural = count === 1 ? 'message' : `${count} messages`;
    toast.info(request.kind === 'schedule' ? 'Scheduling…' : 'Sending…', `Sending ${plural}, please wait.`);
    send.mutate(request, {
      onSuccess: (reply) => {
        const text = request.kind === 'schedule' ? SEND_MESSAGES.scheduled(reply.count) : SEND_MESSAGES.sent(reply.count);
        toast.success('Success!', text);
        input.draft.reset();
      },
      onError: (error) => {
        toast.error('Error sending message', isApiError(error) ? error.detail : failureFallback(request.kind, count));
      },
    });
  }

  return { submit, pending: send.isPending };
}

// Send now or schedule (spec §7, §8): one request with every recipient, the toasts the spec
// words, and a clean page after success that says what went out and links to it. Each confirmed
// send carries its own Idempotency-Key; confirming the same send again after a network error
// sends the same key, so the server sends it once (lib/action-key.ts).
import { useState } from 'react';
import { microsToEuros } from '@kurir/core/money';
import { SEND_MESSAGES } from '@kurir/core/send-rules';
import { useActionKeys } from '../../../lib/action-key';
import { isApiError } from '../../../lib/api';
import { useSingleSubmit } from '../../../lib/single-submit';
import { toast } from '../../../lib/toast';
import { useSendMessage, type SendInput } from '../api/send-message';
import type { SendDraft } from './use-send-draft';
import type { SendRecipients } from './use-send-recipients';

function failureFallback(kind: SendInput['kind'], count: number): string {
  if (kind === 'schedule') return 'Failed to schedule message';
  return count > 1 ? 'Failed to send bulk SMS messages' : 'Failed to send SMS. Please try again.';
}

type Draft = {
  draft: SendDraft;
  recipients: SendRecipients;
  isAdmin: boolean;
  scheduledFor: Date | null;
  /** Micro-euros the review shows as debited now: the server refuses to debit another amount. */
  held: number;
};

/** A request as reviewed: sent as it was shown, whatever the form (or the user's services) does meanwhile. */
export type ReviewedSend = { request: SendInput; count: number };

/** The request body: phonebooks go by id (the server resolves them), typed numbers as a list. */
export function reviewedSend(input: Draft): ReviewedSend {
  return { request: sendInput(input), count: input.recipients.count };
}

function sendInput({ draft, recipients, isAdmin, scheduledFor, held }: Draft): SendInput {
  const base = {
    message: draft.message,
    channel: draft.channel,
    expectedCost: microsToEuros(held),
    ...(draft.mode === 'phonebook' ? { phonebookIds: draft.phonebookIds } : { recipients: recipients.typed }),
    ...(isAdmin ? { messageType: draft.messageType } : {}),
  };
  return draft.schedule && scheduledFor
    ? { kind: 'schedule', body: { ...base, scheduledFor: scheduledFor.toISOString() } }
    : { kind: 'now', body: { ...base, schedule: false } };
}

/** What the last send did, shown on the page after the form is cleared. */
export type SentSummary = { count: number; cost: number; scheduled: boolean };

export function useSubmitSend() {
  const send = useSendMessage();
  const sendOnce = useSingleSubmit(send);
  const keys = useActionKeys();
  const [sent, setSent] = useState<SentSummary | null>(null);

  /** Sends what was reviewed; `reset` clears the form once it went out. */
  function submit({ request, count }: ReviewedSend, reset: () => void, onDone?: () => void) {
    const plural = count === 1 ? 'message' : `${count} messages`;
    const started = sendOnce({ ...request, idempotencyKey: keys.keyFor(request) }, {
      onSuccess: (reply) => {
        const text = request.kind === 'schedule' ? SEND_MESSAGES.scheduled(reply.count) : SEND_MESSAGES.sent(reply.count);
        toast.success('Success!', text);
        setSent({ count: reply.count, cost: reply.cost, scheduled: request.kind === 'schedule' });
        reset();
        onDone?.();
      },
      onError: (error) => {
        toast.error('Error sending message', isApiError(error) ? error.detail : failureFallback(request.kind, count));
        onDone?.();
      },
      onSettled: (_reply, error) => keys.settled(error),
    });
    if (started) toast.info(request.kind === 'schedule' ? 'Scheduling…' : 'Sending…', `Sending ${plural}, please wait.`);
  }

  return { submit, pending: send.isPending, sent, dismissSent: () => setSent(null) };
}

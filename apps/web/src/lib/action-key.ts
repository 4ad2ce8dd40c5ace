// One Idempotency-Key per confirmed action (a send, a purchase, a top-up), so that a retried
// request is applied once: the server answers a key it has seen with the first answer. The key is
// made when the user confirms, kept while the action may still be retried — its request got no
// answer (a network error) or one the server does not keep (5xx, 429, still running) — and sent
// again when the same action (the same request) is confirmed again. Any other answer, success or
// refusal, ends the action: the next confirm is a new one with a new key (a send refused for
// credit must run once the balance is topped up, not replay the refusal).
import { useState } from 'react';
import { hasErrorCode, isApiError, isNetworkError } from './api';
import { newRequestId } from './request-id';

/** A request and the key it is sent with. */
export type Keyed<T> = { body: T; idempotencyKey?: string };

/** True when the server may not have kept an answer for the key: the same request may be retried with it. */
export function retriesWithSameKey(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (!isApiError(error)) return false;
  return error.status >= 500 || error.status === 429 || hasErrorCode(error, 'idempotency_key_in_use');
}

export function actionKeys() {
  let open: { request: string; key: string } | null = null;
  return {
    /** The key for confirming `request`: the open action's when it is the same request, else a new one. */
    keyFor(request: unknown): string {
      const fingerprint = JSON.stringify(request);
      if (open?.request !== fingerprint) open = { request: fingerprint, key: newRequestId() };
      return open.key;
    },
    /** The request settled: the action stays open only for a retry of an unanswered request. */
    settled(error: unknown): void {
      if (!error || !retriesWithSameKey(error)) open = null;
    },
  };
}

/** The keys of one form's actions, kept while the form is on screen. */
export function useActionKeys() {
  const [keys] = useState(actionKeys);
  return keys;
}

// The simulator's outbox (dev only): every SMS the built-in provider "sent". The server answers
// 404 when a real provider is configured, which is how the UI knows to hide all of this.
import { queryOptions } from '@tanstack/react-query';

export type OutboxMessage = {
  id: string;
  to: string;
  from: string;
  text: string;
  channel: string;
  created_at: string;
};

export type OutboxReply = { messages: OutboxMessage[] };

export const OUTBOX_REFRESH_MS = 2000;

export function outboxUrl(to: string): string {
  return to ? `/api/dev/outbox?to=${encodeURIComponent(to)}` : '/api/dev/outbox';
}

/** The outbox, optionally only messages to one phone; the default query function GETs the key. */
export function outboxQuery(to: string) {
  return queryOptions<OutboxReply>({ queryKey: [outboxUrl(to)] });
}

/** Pulls the sign-in code out of a message so it can be shown large and copied. */
export function findCode(text: string): string | null {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

// GET /api/dev/outbox: the simulator's outbox (dev only), every SMS the built-in provider "sent".
// The route does not exist when a real provider is configured (route_not_found), which is how
// the UI knows to hide all of this.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

/** Written here: the dev-only route (modules/dev/outbox.routes.ts) has no core schema to infer from. */
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

export const getOutboxKey = (to: string) => [...queryRoots.devOutbox, { to }] as const;

/** The outbox, optionally only messages to one phone. */
export const getOutbox = (to: string) => api.get<OutboxReply>('/api/dev/outbox', { to });

export const getOutboxQuery = (to: string) => queryOptions({ queryKey: getOutboxKey(to), queryFn: () => getOutbox(to) });

/** Pulls the sign-in code out of a message so it can be shown large and copied. */
export function findCode(text: string): string | null {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

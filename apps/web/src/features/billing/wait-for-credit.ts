// After Stripe confirms a card payment, the balance is credited by Stripe's webhook, not by the
// browser: ask the server for the user until the credit moves, or give up after a while and say so.
import type { User } from '@kurir/core/schemas/auth';

export type WaitOptions = {
  /** Reads the user from the server. */
  fetchUser: () => Promise<User | null>;
  creditBefore: number;
  timeoutMs?: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

export type WaitResult = { credited: true; user: User } | { credited: false };

export const CREDIT_WAIT_TIMEOUT_MS = 60_000;
const CREDIT_POLL_INTERVAL_MS = 1500;

export async function waitForCreditChange({
  fetchUser,
  creditBefore,
  timeoutMs = CREDIT_WAIT_TIMEOUT_MS,
  intervalMs = CREDIT_POLL_INTERVAL_MS,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
}: WaitOptions): Promise<WaitResult> {
  const deadline = now() + timeoutMs;
  for (;;) {
    // A failed look-up (network blip) is just another "not yet".
    const user = await fetchUser().catch(() => null);
    if (user && user.credit !== creditBefore) return { credited: true, user };
    if (now() + intervalMs > deadline) return { credited: false };
    await sleep(intervalMs);
  }
}

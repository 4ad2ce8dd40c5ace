// After Stripe confirms a card payment, the balance is credited by Stripe's webhook, not by the
// browser: ask the server for this payment's status until it is credited (succeeded, in the same
// transaction as its ledger entry), then read the user for the new balance; or give up after a
// while and say so. Any other change of the balance (a refund arriving meanwhile) is not this one.
import type { User } from '@kurir/core/schemas/auth';
import type { PaymentStatus } from '@kurir/core';

export type WaitOptions = {
  /** Reads the payment's status from the server. */
  fetchStatus: () => Promise<PaymentStatus>;
  /** Reads the user from the server. */
  fetchUser: () => Promise<User | null>;
  timeoutMs?: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

export type WaitResult = { credited: true; user: User } | { credited: false };

export const CREDIT_WAIT_TIMEOUT_MS = 60_000;
const CREDIT_POLL_INTERVAL_MS = 1500;

export async function waitForPaymentCredit({
  fetchStatus,
  fetchUser,
  timeoutMs = CREDIT_WAIT_TIMEOUT_MS,
  intervalMs = CREDIT_POLL_INTERVAL_MS,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
}: WaitOptions): Promise<WaitResult> {
  const deadline = now() + timeoutMs;
  let credited = false;
  for (;;) {
    // A failed look-up (network blip) is just another "not yet".
    credited ||= (await fetchStatus().catch(() => null)) === 'succeeded';
    const user = credited ? await fetchUser().catch(() => null) : null;
    if (user) return { credited: true, user };
    if (now() + intervalMs > deadline) return { credited: false };
    await sleep(intervalMs);
  }
}

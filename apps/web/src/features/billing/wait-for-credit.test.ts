import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '@kurir/core';
import type { User } from '@kurir/core/schemas/auth';
import { waitForPaymentCredit } from './wait-for-credit';

const user = (credit: number) => ({ credit }) as User;

function fakeClock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

describe('waitForPaymentCredit', () => {
  it('returns the user once the webhook has credited this payment', async () => {
    const statuses: PaymentStatus[] = ['pending', 'pending', 'succeeded'];
    const result = await waitForPaymentCredit({ fetchStatus: async () => statuses.shift()!, fetchUser: async () => user(22), ...fakeClock() });
    expect(result).toEqual({ credited: true, user: user(22) });
    expect(statuses).toHaveLength(0);
  });

  it('is not fooled by another change of the balance while the payment is still pending', async () => {
    let users = 0;
    const result = await waitForPaymentCredit({
      fetchStatus: async () => 'pending',
      fetchUser: async () => (users++, user(5)),
      timeoutMs: 5000,
      intervalMs: 1000,
      ...fakeClock(),
    });
    expect(result).toEqual({ credited: false });
    expect(users).toBe(0);
  });

  it('keeps asking through failed look-ups', async () => {
    let calls = 0;
    const fetchStatus = async (): Promise<PaymentStatus> => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return 'succeeded';
    };
    let userCalls = 0;
    const fetchUser = async () => {
      userCalls += 1;
      if (userCalls < 2) throw new TypeError('Failed to fetch');
      return user(12);
    };
    expect(await waitForPaymentCredit({ fetchStatus, fetchUser, ...fakeClock() })).toMatchObject({ credited: true, user: user(12) });
  });

  it('gives up after the timeout when the payment is never credited', async () => {
    let calls = 0;
    const result = await waitForPaymentCredit({
      fetchStatus: async () => (calls++, 'pending'),
      fetchUser: async () => user(2),
      timeoutMs: 10_000,
      intervalMs: 1000,
      ...fakeClock(),
    });
    expect(result).toEqual({ credited: false });
    expect(calls).toBe(11);
  });
});

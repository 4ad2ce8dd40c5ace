import { describe, expect, it } from 'vitest';
import type { User } from '@kurir/core/schemas/auth';
import { waitForCreditChange } from './wait-for-credit';

const user = (credit: number) => ({ credit }) as User;

function fakeClock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

describe('waitForCreditChange', () => {
  it('returns the user once the webhook has credited the balance', async () => {
    const replies = [user(2), user(2), user(22)];
    const result = await waitForCreditChange({ fetchUser: async () => replies.shift()!, creditBefore: 2, ...fakeClock() });
    expect(result).toEqual({ credited: true, user: user(22) });
    expect(replies).toHaveLength(0);
  });

  it('keeps asking through failed look-ups', async () => {
    let calls = 0;
    const fetchUser = async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return user(12);
    };
    expect(await waitForCreditChange({ fetchUser, creditBefore: 2, ...fakeClock() })).toMatchObject({ credited: true });
  });

  it('gives up after the timeout when the credit never moves', async () => {
    let calls = 0;
    const result = await waitForCreditChange({
      fetchUser: async () => (calls++, user(2)),
      creditBefore: 2,
      timeoutMs: 10_000,
      intervalMs: 1000,
      ...fakeClock(),
    });
    expect(result).toEqual({ credited: false });
    expect(calls).toBe(11);
  });
});

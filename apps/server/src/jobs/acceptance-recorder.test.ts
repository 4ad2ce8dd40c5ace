// The duplicate window of a crash is what the provider accepted that we have not recorded yet.
// Here the provider answers at once and the database is slow, the worst case for that window:
// it must never exceed the submits in flight (the dispatcher's concurrency).
import { describe, expect, it } from 'vitest';
import type { AcceptedMessage, ClaimedMessage, MessageStore } from '../modules/messages/lifecycle/message-store';
import type { SmsProvider } from '../providers/sms/types';
import { AcceptanceRecorder } from './acceptance-recorder';
import { Dispatcher } from './dispatcher';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info() {}, warn() {}, error() {} };

function claimed(n: number): ClaimedMessage[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `m${i}`, recipient: `+3864000${i}`, message: 'x', senderName: 'Kurir', channel: 'sms', attempts: 1, test: false,
  }));
}

describe('AcceptanceRecorder', () => {
  it('starts a flush at once and puts everything accepted meanwhile into the next one', async () => {
    const writes: string[][] = [];
    const recorder = new AcceptanceRecorder(async (group) => {
      writes.push(group.map((g) => g.id));
      await sleep(20);
    });
    const first = recorder.record({ id: 'a', providerMessageId: '1' });
    const later = ['b', 'c', 'd'].map((id) => recorder.record({ id, providerMessageId: id }));
    await Promise.all([first, ...later]);
    await recorder.finish();
    expect(writes).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('reports a failed write once everything is done, and says so meanwhile', async () => {
    const recorder = new AcceptanceRecorder(async () => {
      throw new Error('database down');
    });
    await recorder.record({ id: 'a', providerMessageId: '1' });
    expect(recorder.failed).toBe(true);
    await expect(recorder.finish()).rejects.toThrow('database down');
  });
});

describe('the dispatcher with a slow database', () => {
  it('never holds more unrecorded acceptances than its concurrency, one statement per flush', async () => {
    const CONCURRENCY = 8;
    const batch = claimed(300);
    let accepted = 0;
    let recorded = 0;
    let widest = 0;
    const groups: number[] = [];
    const store: MessageStore = {
      claimDue: async () => batch,
      switchToSms: async () => {},
      markSent: async (_lease, _provider, group: readonly AcceptedMessage[]) => {
        await sleep(15);
        groups.push(group.length);
        recorded += group.length;
      },
      retry: async () => {},
      fail: async () => {},
    };
    const provider: SmsProvider = {
      name: 'instant',
      channels: ['sms'],
      submit: async (m) => {
        await sleep(1);
        accepted++;
        widest = Math.max(widest, accepted - recorded);
        return { providerMessageId: `p-${m.id}` };
      },
      onReceipt() {},
      close: async () => {},
    };
    const options = { batchSize: 300, concurrency: CONCURRENCY, leaseSeconds: 60, maxAttempts: 3, retryBaseSeconds: 1, pollMs: 1000, viberValiditySeconds: 3600 };
    expect(await new Dispatcher(store, provider, options, quiet).runOnce()).toBe(300);
    expect(recorded).toBe(300);
    expect(widest).toBeLessThanOrEqual(CONCURRENCY);
    expect(Math.max(...groups)).toBeLessThanOrEqual(CONCURRENCY);
    expect(groups.length).toBeLessThan(300 / 2); // grouped, not one statement per message
  });
});

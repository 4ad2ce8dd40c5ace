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
    const first = recorder.record({ id: 'a', providerMessageId: '1' }).recorded;
    // The first flush has taken 'a' once the event loop has turned; these gather meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    const later = ['b', 'c', 'd'].map((id) => recorder.record({ id, providerMessageId: id }).recorded);
    await Promise.all([first, ...later]);
    await recorder.finish();
    expect(writes).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it("folds a 'delivered' receipt into a record that has not started, once, and not into one under way", async () => {
    const written: { id: string; delivered?: boolean }[][] = [];
    const recorder = new AcceptanceRecorder(async (group) => {
      written.push(group.map((g) => ({ id: g.id, delivered: g.delivered })));
      await sleep(20);
      return new Set(group.filter((g) => g.delivered).map((g) => g.id));
    });
    const a = recorder.record({ id: 'a', providerMessageId: '1' });
    expect(a.foldDelivery()).toBe(true); // the same turn: the flush has not taken it yet
    expect(a.foldDelivery()).toBe(false); // a repeated receipt is applied as usual (and ignored there)
    await new Promise((resolve) => setImmediate(resolve));
    const b = recorder.record({ id: 'b', providerMessageId: '2' });
    await sleep(30); // the first flush is done, the second has taken 'b' and is writing it
    expect(b.foldDelivery()).toBe(false); // so b's receipt waits for the record and is applied after it
    expect(await a.recorded).toBe(true);
    expect(await b.recorded).toBe(false);
    await recorder.finish();
    expect(written).toEqual([[{ id: 'a', delivered: true }], [{ id: 'b', delivered: undefined }]]);
  });

  it('reports a failed write once everything is done, and says so meanwhile', async () => {
    const recorder = new AcceptanceRecorder(async () => {
      throw new Error('database down');
    });
    expect(await recorder.record({ id: 'a', providerMessageId: '1' }).recorded).toBe(false);
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
        return new Set<string>();
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

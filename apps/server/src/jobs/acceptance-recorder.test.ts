// The duplicate window of a crash is what the provider accepted that we have not recorded yet.
// Here the provider answers at once and the database is slow, the worst case for that window:
// it must never exceed the submits in flight (the dispatcher's concurrency).
import { describe, expect, it, vi } from 'vitest';
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

/** A provider that accepts every message a millisecond after it is submitted. */
function instantProvider(onAccept: () => void = () => {}): SmsProvider {
  return {
    name: 'instant',
    channels: ['sms'],
    submit: async (m) => {
      await sleep(1);
      onAccept();
      return { providerMessageId: `p-${m.id}` };
    },
    onReceipt() {},
    close: async () => {},
  };
}

describe('AcceptanceRecorder', () => {
  it('starts a flush at once and puts everything accepted meanwhile into the next one', async () => {
    const writes: string[][] = [];
    const recorder = new AcceptanceRecorder(async (group) => {
      writes.push(group.map((g) => g.id));
      await sleep(20);
    });
    const first = recorder.record({ id: 'a', providerMessageId: '1', leaseToken: 'l' }).recorded;
    // The first flush has taken 'a' once the event loop has turned; these gather meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    const later = ['b', 'c', 'd'].map((id) => recorder.record({ id, providerMessageId: id, leaseToken: 'l' }).recorded);
    await Promise.all([first, ...later]);
    await recorder.idle();
    expect(writes).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('writes a second group while the first is under way, and no third until one of them ends', async () => {
    const writes: string[][] = [];
    const finish: (() => void)[] = [];
    let under = 0;
    let widest = 0;
    const recorder = new AcceptanceRecorder(async (group) => {
      writes.push(group.map((g) => g.id));
      widest = Math.max(widest, ++under);
      await new Promise<void>((resolve) => finish.push(resolve));
      under--;
    });
    const record = (id: string) => recorder.record({ id, providerMessageId: id, leaseToken: 'l' }).recorded;
    const a = record('a');
    await vi.waitFor(() => expect(writes).toEqual([['a']]));
    const b = record('b');
    await vi.waitFor(() => expect(writes).toEqual([['a'], ['b']])); // b does not wait for a's write
    const [c, d] = [record('c'), record('d')];
    await sleep(20);
    expect(writes).toEqual([['a'], ['b']]); // two under way: c and d wait
    finish.shift()!();
    expect(await a).toBe(false);
    await vi.waitFor(() => expect(writes).toEqual([['a'], ['b'], ['c', 'd']]));
    while (finish.length > 0) finish.shift()!();
    await Promise.all([b, c, d]);
    await recorder.idle();
    expect(widest).toBe(2);
  });

  it("folds a 'delivered' receipt into a record that has not started, once, and not into one under way", async () => {
    const written: { id: string; delivered?: boolean }[][] = [];
    const recorder = new AcceptanceRecorder(async (group) => {
      written.push(group.map((g) => ({ id: g.id, delivered: g.delivered })));
      await sleep(20);
      return new Set(group.filter((g) => g.delivered).map((g) => g.id));
    });
    const a = recorder.record({ id: 'a', providerMessageId: '1', leaseToken: 'l' });
    expect(a.foldDelivery()).toBe(true); // the same turn: the flush has not taken it yet
    expect(a.foldDelivery()).toBe(false); // a repeated receipt is applied as usual (and ignored there)
    await new Promise((resolve) => setImmediate(resolve));
    const b = recorder.record({ id: 'b', providerMessageId: '2', leaseToken: 'l' });
    await sleep(30); // the first flush is done, the second has taken 'b' and is writing it
    expect(b.foldDelivery()).toBe(false); // so b's receipt waits for the record and is applied after it
    expect(await a.recorded).toBe(true);
    expect(await b.recorded).toBe(false);
    await recorder.idle();
    expect(written).toEqual([[{ id: 'a', delivered: true }], [{ id: 'b', delivered: undefined }]]);
  });

  it('tells each acceptance of a group whose write failed, and only those', async () => {
    let calls = 0;
    const recorder = new AcceptanceRecorder(async () => {
      if (++calls === 1) throw new Error('database down');
    });
    const a = recorder.record({ id: 'a', providerMessageId: '1', leaseToken: 'l' });
    expect(await a.recorded).toBe(false);
    expect(String(a.failure)).toContain('database down');
    const b = recorder.record({ id: 'b', providerMessageId: '2', leaseToken: 'l' });
    expect(await b.recorded).toBe(false);
    expect(b.failure).toBeNull();
    await recorder.idle();
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
      markSent: async (_provider, group: readonly AcceptedMessage[]) => {
        await sleep(15);
        groups.push(group.length);
        recorded += group.length;
        return new Set<string>();
      },
      retry: async () => {},
      fail: async () => {},
      fallBack: async () => new Set<string>(),
      renewLease: async (_token, ids) => new Set(ids),
    };
    const provider = instantProvider(() => {
      accepted++;
      widest = Math.max(widest, accepted - recorded);
    });
    const options = { batchSize: 300, concurrency: CONCURRENCY, leaseSeconds: 60, maxAttempts: 3, retryBaseSeconds: 1, pollMs: 1000, viberValiditySeconds: 3600 };
    expect(await new Dispatcher(store, provider, options, quiet).runOnce()).toBe(300);
    expect(recorded).toBe(300);
    expect(widest).toBeLessThanOrEqual(CONCURRENCY);
    expect(Math.max(...groups)).toBeLessThanOrEqual(CONCURRENCY);
    expect(groups.length).toBeLessThan(300 / 2); // grouped, not one statement per message
  });

  it('records the acceptances of different batches (two hand-offs) in one statement, each under its own lease', async () => {
    const written: { id: string; leaseToken: string }[][] = [];
    const store: MessageStore = {
      claimDue: async () => [],
      switchToSms: async () => {},
      markSent: async (_provider, group: readonly AcceptedMessage[]) => {
        written.push(group.map((a) => ({ id: a.id, leaseToken: a.leaseToken })));
        await sleep(15);
        return new Set<string>();
      },
      retry: async () => {},
      fail: async () => {},
      fallBack: async () => new Set<string>(),
      renewLease: async (_token, ids) => new Set(ids),
    };
    const provider = instantProvider();
    const options = { batchSize: 100, concurrency: 8, leaseSeconds: 60, maxAttempts: 3, retryBaseSeconds: 1, pollMs: 60_000, viberValiditySeconds: 3600 };
    const d = new Dispatcher(store, provider, options, quiet);
    d.start();
    const [a, b] = [d.reserve(5)!, d.reserve(5)!];
    d.take(a, claimed(5));
    d.take(b, claimed(10).slice(5));
    await d.stop();
    expect(written.flat().map((w) => w.id).sort()).toEqual(claimed(10).map((m) => m.id).sort());
    expect(written.flat().every((w) => w.leaseToken === (Number(w.id.slice(1)) < 5 ? a.token : b.token))).toBe(true);
    expect(written.some((group) => new Set(group.map((w) => w.leaseToken)).size === 2)).toBe(true);
  });
});

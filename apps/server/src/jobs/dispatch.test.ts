// The dispatcher and receipts on a real database: messages go to the provider once, receipts set
// delivered / failed, a failure refunds exactly once, temporary errors retry with backoff, two
// dispatchers never send a message twice, a crashed worker's messages are taken over, and a receipt
// that overtakes the provider id is applied later.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { messages, unmatchedReceipts } from '../db/schema';
import {
  FakeProvider,
  SMS_PRICE,
  creditOf,
  customer,
  dispatcherFor,
  expectLedgerConsistent,
  makeDue,
  messagesOf,
  newPhone,
  refundsOf,
} from '../modules/messages/messages.test-support';
import { ProviderError } from '../providers/sms/types';
import { createTestApp, type TestApp } from '../test/helper';
import { claimDueMessages, markSent } from '../modules/messages/lifecycle/message-store';
import type { Dispatcher } from './dispatcher';
import { retryUnmatchedReceipts } from '../modules/messages/lifecycle/receipts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

const START = 2_000_000;

async function drain(d: Dispatcher): Promise<number> {
  let total = 0;
  for (let n = await d.runOnce(); n > 0; n = await d.runOnce()) total += n;
  return total;
}

describe('dispatching', () => {
  it('submits queued messages once, then a receipt marks them delivered', async () => {
    const { phone, api } = await customer(t);
    const [a, b] = [newPhone(), newPhone()];
    await api.send({ recipients: [a, b], message: 'Hello there' });
    const fake = new FakeProvider();
    const d = dispatcherFor(t.db, fake);
    expect(await drain(d)).toBe(2);
    expect(fake.submitted.map((m) => [m.to, m.from, m.text, m.channel]).sort()).toEqual(
      [a, b].sort().map((to) => [to, 'Kurir', 'Hello there', 'sms']),
    );
    let rows = await messagesOf(t.db, phone);
    expect(rows.map((r) => [r.status, r.provider, r.attempts])).toEqual([['sent', 'fake', 1], ['sent', 'fake', 1]]);

    for (const r of rows) await fake.receipt(r.providerMessageId!, 'delivered');
    const history = await api.history();
    expect(history.body.messages.map((m: { status: string; sell_price: number }) => [m.status, m.sell_price])).toEqual([
      ['delivered', SMS_PRICE / 1e6],
      ['delivered', SMS_PRICE / 1e6],
    ]);
    rows = await messagesOf(t.db, phone);
    expect(await refundsOf(t.db, rows[0]!.id)).toEqual([]);
    expect(await creditOf(t.db, phone)).toBe(START - 2 * SMS_PRICE);
  });

  it('refunds a failed message exactly once, even when its receipt arrives twice', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone(), message: 'y'.repeat(200) }); // 2 parts
    const fake = new FakeProvider();
    await drain(dispatcherFor(t.db, fake));
    const [row] = await messagesOf(t.db, phone);
    expect(await creditOf(t.db, phone)).toBe(START - 2 * SMS_PRICE);

    await Promise.all([
      fake.receipt(row!.providerMessageId!, 'failed', 'Unknown subscriber'),
      fake.receipt(row!.providerMessageId!, 'failed', 'Unknown subscriber'),
    ]);
    await fake.receipt(row!.providerMessageId!, 'delivered');
    expect(await creditOf(t.db, phone)).toBe(START);
    expect(await refundsOf(t.db, row!.id)).toHaveLength(1);
    const [m] = (await api.history()).body.messages;
    expect(m).toMatchObject({ status: 'failed', error_message: 'Unknown subscriber', sell_price: 0, parts: 2 });
    await expectLedgerConsistent(t.db);
  });

  it('gives a receipt to the message waiting for it when the provider repeats an old id', async () => {
    const { phone, api } = await customer(t);
    const sameId = () => ({ providerMessageId: `repeated-${phone}` });
    await api.send({ recipient: newPhone(), message: 'First' });
    const fake = new FakeProvider({ behaviour: sameId });
    await drain(dispatcherFor(t.db, fake));
    await fake.receipt(`repeated-${phone}`, 'delivered');
    await api.send({ recipient: newPhone(), message: 'Second' });
    await drain(dispatcherFor(t.db, fake));
    await fake.receipt(`repeated-${phone}`, 'failed', 'Unknown subscriber');
    const rows = await messagesOf(t.db, phone);
    const byText = Object.fromEntries(rows.map((r) => [r.message, r.status]));
    expect(byText).toEqual({ First: 'delivered', Second: 'failed' });
    expect(await creditOf(t.db, phone)).toBe(START - SMS_PRICE);
  });

  it('fails and refunds at once on a permanent provider error', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone(), message: 'Hi' });
    const fake = new FakeProvider({ behaviour: () => new ProviderError('Invalid destination address', true) });
    await drain(dispatcherFor(t.db, fake));
    const [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.errorMessage, row!.attempts]).toEqual(['failed', 'Invalid destination address', 1]);
    expect(await creditOf(t.db, phone)).toBe(START);
  });

  it('retries a temporary error with backoff, then succeeds', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone(), message: 'Hi' });
    const fake = new FakeProvider({
      behaviour: (_m, attempt) => (attempt < 3 ? new ProviderError('Throttled', false) : { providerMessageId: 'ok-1' }),
    });
    const d = dispatcherFor(t.db, fake);
    expect(await d.runOnce()).toBe(1);
    let [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.errorMessage, row!.attempts]).toEqual(['pending', 'Throttled', 1]);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000); // the 30 s base
    expect(await d.runOnce()).toBe(0); // not due yet

    await makeDue(t.db, phone);
    await d.runOnce();
    [row] = await messagesOf(t.db, phone);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000); // doubled: 60 s
    await makeDue(t.db, phone);
    await d.runOnce();
    [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.providerMessageId, row!.attempts, row!.errorMessage]).toEqual(['sent', 'ok-1', 3, null]);
    expect(await creditOf(t.db, phone)).toBe(START - SMS_PRICE);
  });

  it('holds the queue while the provider is unavailable, using up no attempt, then sends', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone(), message: 'Hi' });
    const down = () => new ProviderError('Not connected to the SMS centre', false, 'not_bound', { unavailable: true });
    const fake = new FakeProvider({ behaviour: (_m, attempt) => (attempt === 1 ? down() : { providerMessageId: 'back-1' }) });
    // One attempt allowed: had the outage used it up, the message would have failed and been refunded.
    const d = dispatcherFor(t.db, fake, { maxAttempts: 1 });
    await d.runOnce();
    let [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.attempts, row!.errorMessage]).toEqual(['pending', 0, 'Not connected to the SMS centre']);
    expect(await creditOf(t.db, phone)).toBe(START - SMS_PRICE);

    // During the pause the dispatcher puts what it holds back without submitting it.
    await makeDue(t.db, phone);
    await d.runOnce();
    expect(fake.submitted).toHaveLength(0);
    [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.attempts]).toEqual(['pending', 0]);

    await new Promise((resolve) => setTimeout(resolve, 1100)); // the first pause is one second
    await makeDue(t.db, phone);
    await d.runOnce();
    [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.providerMessageId, row!.attempts, row!.errorMessage]).toEqual(['sent', 'back-1', 1, null]);
  });

  it('gives up after the last attempt and refunds', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone(), message: 'Hi' });
    const d = dispatcherFor(t.db, new FakeProvider({ behaviour: () => new ProviderError('Connection lost', false) }), { maxAttempts: 2 });
    await d.runOnce();
    await makeDue(t.db, phone);
    await d.runOnce();
    const [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.errorMessage]).toEqual(['failed', 'Connection lost']);
    expect(await creditOf(t.db, phone)).toBe(START);
  });
});

describe('several dispatchers', () => {
  /** On PostgreSQL, a second pool: another process as far as the database can tell. */
  async function secondConnection(): Promise<{ db: Database; close: () => Promise<void> }> {
    const client = (t.db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) return { db: t.db, close: async () => {} };
    const pool = new pg.Pool({ connectionString: (client as pg.Pool & { options: { connectionString: string } }).options.connectionString, max: 5 });
    return { db: drizzle(pool, { schema }) as unknown as Database, close: () => pool.end() };
  }

  it('sends every scheduled message once when two compete for them', async () => {
    const { phone, api } = await customer(t, { products: ['Schedule Send'], credit: 200 * SMS_PRICE });
    const recipients = Array.from({ length: 120 }, () => newPhone());
    await api.send({ recipients, message: 'At nine', schedule: true, scheduledFor: new Date(Date.now() + 3_600_000).toISOString() });
    const other = await secondConnection();
    try {
      const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
      const p1 = new FakeProvider({ name: 'fake', behaviour: async () => (await slow(), { providerMessageId: randomUUID() }) });
      const p2 = new FakeProvider({ name: 'fake', behaviour: async () => (await slow(), { providerMessageId: randomUUID() }) });
      const d1 = dispatcherFor(t.db, p1, { batchSize: 7 });
      const d2 = dispatcherFor(other.db, p2, { batchSize: 7 });
      expect(await d1.runOnce()).toBe(0); // not due yet

      await t.db.execute(sql`update messages set scheduled_for = now() - interval '1 second', next_attempt_at = now() - interval '1 second' where status = 'scheduled'`);
      await Promise.all([drain(d1), drain(d2), drain(d1), drain(d2)]);
      const sent = [...p1.submitted, ...p2.submitted].map((m) => m.to);
      expect(sent).toHaveLength(120);
      expect(new Set(sent)).toEqual(new Set(recipients));
      expect(p1.submitted.length).toBeGreaterThan(0);
      expect(p2.submitted.length).toBeGreaterThan(0);
      expect((await messagesOf(t.db, phone)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('extends the lease of a batch still being sent, so no other dispatcher takes its messages', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipients: [newPhone(), newPhone(), newPhone(), newPhone()], message: 'Slow' });
    let submits = 0;
    const slow = new FakeProvider({
      behaviour: async () => {
        submits++;
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { providerMessageId: `slow-${submits}` };
      },
    });
    // A one-second lease, four half-second submits one at a time: two seconds in hand.
    const first = dispatcherFor(t.db, slow, { leaseSeconds: 1, concurrency: 1 });
    const sending = first.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const other = new FakeProvider();
    expect(await dispatcherFor(t.db, other).runOnce()).toBe(0);
    expect(await sending).toBe(4);
    expect(submits).toBe(4);
    expect(other.submitted).toHaveLength(0);
    const rows = await messagesOf(t.db, phone);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it("takes over a crashed worker's messages when its lease runs out", async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone(), message: 'Hi' });
    // A worker claims the message and dies before submitting.
    const crashedLease = randomUUID();
    expect(await claimDueMessages(t.db, { limit: 10, leaseSeconds: 120, leaseToken: crashedLease })).toHaveLength(1);
    const fake = new FakeProvider();
    const d = dispatcherFor(t.db, fake);
    expect(await d.runOnce()).toBe(0); // its lease is live

    await t.db.update(messages).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(messages.leaseToken, crashedLease));
    expect(await d.runOnce()).toBe(1);
    const [row] = await messagesOf(t.db, phone);
    expect([row!.status, row!.attempts, fake.submitted.length]).toEqual(['sent', 2, 1]);
    // The dead worker's late write changes nothing.
    await markSent(t.db, 'fake', [{ id: row!.id, leaseToken: crashedLease, providerMessageId: 'stale' }], 60);
    expect((await messagesOf(t.db, phone))[0]!.providerMessageId).toBe(row!.providerMessageId);
  });
});

describe('receipts', () => {
  it('applies a receipt that arrived before the provider id was stored', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone(), message: 'Hi' });
    const fake: FakeProvider = new FakeProvider({
      behaviour: async () => {
        await fake.receipt('fast-1', 'delivered'); // the provider answers before submit returns
        return { providerMessageId: 'fast-1' };
      },
    });
    await drain(dispatcherFor(t.db, fake));
    expect((await messagesOf(t.db, phone))[0]!.status).toBe('sent');
    expect(await t.db.select().from(unmatchedReceipts)).toHaveLength(1);
    // An older receipt nobody will claim (a sign-in code's) must not hold it up, one per page here.
    const unknown = { provider: 'fake', providerMessageId: 'nobody', status: 'delivered' as const, reportedAt: new Date() };
    await t.db.insert(unmatchedReceipts).values({ ...unknown, receivedAt: new Date(Date.now() - 60_000) });

    expect(await retryUnmatchedReceipts(t.db, 1)).toEqual({ applied: 1, dropped: 0 });
    expect((await messagesOf(t.db, phone))[0]!.status).toBe('delivered');
    expect((await t.db.select().from(unmatchedReceipts)).map((r) => r.providerMessageId)).toEqual(['nobody']);
    await t.db.delete(unmatchedReceipts);
  });

  it('drops receipts for unknown messages after a while', async () => {
    await t.db.insert(unmatchedReceipts).values({
      provider: 'fake',
      providerMessageId: 'signin-code-receipt',
      status: 'delivered',
      reportedAt: new Date(),
      receivedAt: new Date(Date.now() - 3_600_000),
    });
    expect(await retryUnmatchedReceipts(t.db)).toEqual({ applied: 0, dropped: 1 });
  });
});

// Receipts that arrive together are applied as one batch (receipt-batch.ts), and each still
// answers for itself: delivered settles at its price, failed refunds once, a second receipt for
// the same message changes nothing, and one for a message not known yet is kept for later.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvents, unmatchedReceipts, webhookEndpoints } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helper';
import { Dispatcher } from '../../../jobs/dispatcher';
import { FakeProvider, SMS_PRICE, TEST_DISPATCH, creditOf, customer, dispatcherFor, expectLedgerConsistent, messagesOf, newPhone, refundsOf, silentLog, userIdOf } from '../messages.test-support';
import { createMessageStore } from './message-store';
import { receiptHandler } from './receipts';
import { UnrecordedAcceptances } from './unrecorded-acceptances';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

describe('receipts in a batch', () => {
  it('settle each message on its own terms, refund once, and keep the unknown one', async () => {
    const { phone, api } = await customer(t, { credit: 6 * SMS_PRICE });
    expect((await api.send({ recipients: Array.from({ length: 6 }, () => newPhone()), message: 'Hi' })).status).toBe(200);
    let n = 0;
    const fake = new FakeProvider({ name: 'batchfake', behaviour: () => ({ providerMessageId: `b-${++n}` }) });
    const dispatcher = dispatcherFor(t.db, fake);
    while ((await dispatcher.runOnce()) > 0);
    expect((await messagesOf(t.db, phone)).map((m) => m.status)).toEqual(Array(6).fill('sent'));

    // All at once, so they fall into one batch.
    await Promise.all([
      ...[1, 2, 3, 4].map((i) => fake.receipt(`b-${i}`, 'delivered')),
      fake.receipt('b-5', 'failed', 'Unknown subscriber'),
      fake.receipt('b-5', 'failed', 'Unknown subscriber'),
      fake.receipt('b-1', 'failed'), // late and contradicting: ignored
      fake.receipt('b-unknown', 'delivered'),
    ]);
    const rows = await messagesOf(t.db, phone);
    const byPmid = new Map(rows.map((m) => [m.providerMessageId, m]));
    expect([1, 2, 3, 4, 5, 6].map((i) => byPmid.get(`b-${i}`)!.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'failed', 'sent']);
    expect(byPmid.get('b-5')!.errorMessage).toBe('Unknown subscriber');
    expect(await refundsOf(t.db, byPmid.get('b-5')!.id)).toHaveLength(1);
    expect(await creditOf(t.db, phone)).toBe(SMS_PRICE);
    const kept = await t.db.select().from(unmatchedReceipts).where(eq(unmatchedReceipts.provider, 'batchfake'));
    expect(kept.map((k) => k.providerMessageId)).toEqual(['b-unknown']);
    await expectLedgerConsistent(t.db);
  });
});

describe('a receipt that overtakes its acceptance', () => {
  it('waits for the provider id to be recorded instead of being kept as unmatched', async () => {
    const { phone, api } = await customer(t, { credit: 3 * SMS_PRICE });
    expect((await api.send({ recipients: [newPhone(), newPhone(), newPhone()], message: 'Hi' })).status).toBe(200);
    const receipts: Promise<void>[] = [];
    let n = 0;
    // A provider that reports delivery at once: the receipt comes before the group commit of the ids.
    const fake: FakeProvider = new FakeProvider({
      name: 'overtaking',
      behaviour: () => {
        const providerMessageId = `o-${++n}`;
        receipts.push(new Promise((resolve) => setImmediate(() => resolve(fake.receipt(providerMessageId, 'delivered')))));
        return { providerMessageId };
      },
    });
    const acceptances = new UnrecordedAcceptances();
    fake.onReceipt(receiptHandler(t.db, fake.name, acceptances));
    // The ids take a while to record (a busy database), so the receipts surely come first.
    const store = createMessageStore(t.db);
    const slowStore = { ...store, markSent: async (...args: Parameters<typeof store.markSent>) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return store.markSent(...args);
    } };
    const dispatcher = new Dispatcher(slowStore, fake, TEST_DISPATCH, silentLog, null, acceptances);
    while ((await dispatcher.runOnce()) > 0);
    await Promise.all(receipts);

    expect((await messagesOf(t.db, phone)).map((m) => m.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await t.db.select().from(unmatchedReceipts).where(eq(unmatchedReceipts.provider, 'overtaking'))).toEqual([]);
    expect(acceptances.size).toBe(0);
    await expectLedgerConsistent(t.db);
  });

  /** A provider that reports every message at once, before the dispatcher's record of its id. */
  function overtakingProvider(name: string, status: 'delivered' | 'failed', receipts: Promise<void>[]) {
    let n = 0;
    const fake: FakeProvider = new FakeProvider({
      name,
      behaviour: () => {
        const providerMessageId = `${name}-${++n}`;
        receipts.push(new Promise((resolve) => setImmediate(() => resolve(fake.receipt(providerMessageId, status)))));
        return { providerMessageId };
      },
    });
    return fake;
  }

  it("is written with the record: the row once, the balance as paid, the events 'sent' then 'delivered'", async () => {
    const { phone, api } = await customer(t, { credit: 2 * SMS_PRICE });
    const userId = await userIdOf(t.db, phone);
    await t.db.insert(webhookEndpoints).values({ userId, url: 'https://example.com/hook', secret: 'whsec_test' });
    expect((await api.send({ recipients: [newPhone(), newPhone()], message: 'Hi' })).status).toBe(200);
    const receipts: Promise<void>[] = [];
    const fake = overtakingProvider('folding', 'delivered', receipts);
    const acceptances = new UnrecordedAcceptances();
    fake.onReceipt(receiptHandler(t.db, fake.name, acceptances));
    const store = createMessageStore(t.db);
    const writes: { delivered?: boolean }[][] = [];
    const watched = { ...store, markSent: (...args: Parameters<typeof store.markSent>) => {
      writes.push(args[1].map((a) => ({ delivered: a.delivered })));
      return store.markSent(...args);
    } };
    const dispatcher = new Dispatcher(watched, fake, TEST_DISPATCH, silentLog, null, acceptances);
    while ((await dispatcher.runOnce()) > 0);
    await Promise.all(receipts);

    // Both receipts were folded into the records (nothing was applied after them).
    expect(writes.flat()).toEqual([{ delivered: true }, { delivered: true }]);
    const rows = await messagesOf(t.db, phone);
    expect(rows.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    expect(rows.every((m) => m.settledAt !== null && m.price === SMS_PRICE)).toBe(true);
    expect(await creditOf(t.db, phone)).toBe(0);
    for (const m of rows) {
      const events = await t.db.select().from(messageEvents).where(eq(messageEvents.messageId, m.id)).orderBy(messageEvents.seq);
      expect(events.map((e) => e.type)).toEqual(['message.sent', 'message.delivered']);
      expect(events.map((e) => (e.payload as { data: { status: string } }).data.status)).toEqual(['sent', 'delivered']);
    }
    expect(acceptances.size).toBe(0);
    await expectLedgerConsistent(t.db);
  });

  it('that says failed waits for the record and then refunds once', async () => {
    const { phone, api } = await customer(t, { credit: SMS_PRICE });
    expect((await api.send({ recipients: [newPhone()], message: 'Hi' })).status).toBe(200);
    const receipts: Promise<void>[] = [];
    const fake = overtakingProvider('failing-first', 'failed', receipts);
    const acceptances = new UnrecordedAcceptances();
    fake.onReceipt(receiptHandler(t.db, fake.name, acceptances));
    const dispatcher = new Dispatcher(createMessageStore(t.db), fake, TEST_DISPATCH, silentLog, null, acceptances);
    while ((await dispatcher.runOnce()) > 0);
    await Promise.all(receipts);

    const [m] = await messagesOf(t.db, phone);
    expect(m!.status).toBe('failed');
    expect(await refundsOf(t.db, m!.id)).toHaveLength(1);
    expect(await creditOf(t.db, phone)).toBe(SMS_PRICE);
    expect(await t.db.select().from(unmatchedReceipts).where(eq(unmatchedReceipts.provider, 'failing-first'))).toEqual([]);
    await expectLedgerConsistent(t.db);
  });
});

describe('customers with and without a webhook endpoint in one batch', () => {
  // markSent and the receipts' settlement first write the messages of customers without an
  // active endpoint, without events, then the rest with them (webhooks/events.ts).
  async function eventTypes(messageId: string) {
    const events = await t.db.select().from(messageEvents).where(eq(messageEvents.messageId, messageId)).orderBy(messageEvents.seq);
    return events.map((e) => e.type);
  }

  it('records and settles every message, and tells only the customer with an active endpoint', async () => {
    const told = await customer(t, { credit: 2 * SMS_PRICE });
    const quiet = await customer(t, { credit: 2 * SMS_PRICE });
    const disabled = await customer(t, { credit: 2 * SMS_PRICE });
    await t.db.insert(webhookEndpoints).values({ userId: await userIdOf(t.db, told.phone), url: 'https://example.com/hook', secret: 'whsec_test' });
    await t.db.insert(webhookEndpoints).values({ userId: await userIdOf(t.db, disabled.phone), url: 'https://example.com/off', secret: 'whsec_test', disabledAt: new Date() });
    for (const c of [told, quiet, disabled]) expect((await c.api.send({ recipients: [newPhone(), newPhone()], message: 'Hi' })).status).toBe(200);
    const store = createMessageStore(t.db);
    const leaseToken = crypto.randomUUID();
    const claimed = await store.claimDue({ limit: 100, leaseSeconds: 60, leaseToken });
    const ours = new Set([...(await messagesOf(t.db, told.phone)), ...(await messagesOf(t.db, quiet.phone)), ...(await messagesOf(t.db, disabled.phone))].map((m) => m.id));
    const batch = claimed.filter((m) => ours.has(m.id));
    expect(batch).toHaveLength(6);

    // One record for all six, interleaved; the first message of each customer was reported delivered already.
    const firstOf = new Set<string>();
    for (const c of [told, quiet, disabled]) firstOf.add((await messagesOf(t.db, c.phone))[0]!.id);
    const settledAtOnce = await store.markSent('mixed', batch.map((m, i) => ({ id: m.id, leaseToken, providerMessageId: `mx-${i}`, delivered: firstOf.has(m.id) })), 60);
    expect([...settledAtOnce].sort()).toEqual([...firstOf].sort());

    // The other three are settled by one receipt batch.
    const fake = new FakeProvider({ name: 'mixed' });
    fake.onReceipt(receiptHandler(t.db, 'mixed'));
    await Promise.all(batch.map((m, i) => (firstOf.has(m.id) ? null : fake.receipt(`mx-${i}`, 'delivered'))));

    for (const c of [told, quiet, disabled]) {
      const rows = await messagesOf(t.db, c.phone);
      expect(rows.map((m) => m.status)).toEqual(['delivered', 'delivered']);
      expect(rows.every((m) => m.settledAt !== null && m.price === SMS_PRICE)).toBe(true);
      for (const m of rows) expect(await eventTypes(m.id)).toEqual(c === told ? ['message.sent', 'message.delivered'] : []);
      expect(await creditOf(t.db, c.phone)).toBe(0);
    }
    await expectLedgerConsistent(t.db);
  });

  it('records nothing twice and nothing without its lease, with an endpoint or without', async () => {
    const told = await customer(t, { credit: SMS_PRICE });
    const quiet = await customer(t, { credit: SMS_PRICE });
    await t.db.insert(webhookEndpoints).values({ userId: await userIdOf(t.db, told.phone), url: 'https://example.com/hook', secret: 'whsec_test' });
    for (const c of [told, quiet]) expect((await c.api.send({ recipients: [newPhone()], message: 'Hi' })).status).toBe(200);
    const store = createMessageStore(t.db);
    const leaseToken = crypto.randomUUID();
    await store.claimDue({ limit: 100, leaseSeconds: 60, leaseToken });
    const [toldMessage] = await messagesOf(t.db, told.phone);
    const [quietMessage] = await messagesOf(t.db, quiet.phone);
    const record = (token: string) => [toldMessage!, quietMessage!].map((m, i) => ({ id: m.id, leaseToken: token, providerMessageId: `lease-${i}` }));

    expect(await store.markSent('lease', record(crypto.randomUUID()), 60)).toEqual(new Set());
    expect((await messagesOf(t.db, told.phone))[0]!.status).toBe('pending');
    expect((await messagesOf(t.db, quiet.phone))[0]!.status).toBe('pending');
    await store.markSent('lease', record(leaseToken), 60);
    await store.markSent('lease', record(leaseToken), 60); // the lease is gone: a repeat changes nothing
    expect((await messagesOf(t.db, told.phone))[0]!.status).toBe('sent');
    expect((await messagesOf(t.db, quiet.phone))[0]!.status).toBe('sent');
    expect(await eventTypes(toldMessage!.id)).toEqual(['message.sent']);
    expect(await eventTypes(quietMessage!.id)).toEqual([]);
  });
});

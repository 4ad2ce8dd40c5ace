// Scheduled messages: the list of those waiting, and cancelling one with its refund, refused once
// its time has come or the dispatcher holds it, and never for another user's message.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_MESSAGES, microsToEuros } from '@kurir/core';
import { messages } from '../../db/schema';
import { claimDueMessages } from './lifecycle/message-store';
import { createTestApp, type TestApp } from '../../test/helper';
import {
  FakeProvider,
  SMS_PRICE,
  creditOf,
  customer,
  dispatcherFor,
  expectLedgerConsistent,
  makeDue,
  newPhone,
  refundsOf,
} from './messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

const START = 2_000_000;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function scheduler() {
  return customer(t, { products: ['Schedule Send'] });
}

describe('the scheduled list', () => {
  it('shows only my waiting messages, soonest first', async () => {
    const me = await scheduler();
    const other = await scheduler();
    const [a, b] = [newPhone(), newPhone()];
    await me.api.schedule({ recipient: a, message: 'Second', scheduledFor: later(120), channel: 'sms' });
    await me.api.schedule({ recipient: b, message: 'First', scheduledFor: later(60), channel: 'sms' });
    await me.api.send({ recipient: newPhone(), message: 'Now' });
    await other.api.schedule({ recipient: newPhone(), message: 'Not mine', scheduledFor: later(30), channel: 'sms' });

    const res = await me.api.scheduled();
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { recipient: string; message: string }) => [m.recipient, m.message])).toEqual([
      [b, 'First'],
      [a, 'Second'],
    ]);
    expect(Object.keys(res.body.messages[0]).sort()).toEqual(
      ['batch_id', 'channel', 'created_at', 'id', 'message', 'recipient', 'scheduled_for', 'sender_name', 'status'].sort(),
    );
    expect(res.body.messages[0]).toMatchObject({ channel: 'sms', sender_name: 'Kurir', status: 'scheduled' });
  });

  it("keeps one send's recipients together under its batch, whatever else is due at the same time", async () => {
    const me = await scheduler();
    const at = later(90);
    const [a, b, c] = [newPhone(), newPhone(), newPhone()];
    const single = await me.api.schedule({ recipient: a, message: 'Alone', scheduledFor: at, channel: 'sms' });
    const pair = await me.api.schedule({ recipients: [b, c], message: 'Together', scheduledFor: at, channel: 'sms' });
    const rows: { batch_id: string; recipient: string }[] = (await me.api.scheduled()).body.messages;
    expect(rows).toHaveLength(3);
    const batchOf = (phone: string) => rows.find((r) => r.recipient === phone)!.batch_id;
    expect(batchOf(a)).toBe(single.body.batchId);
    expect(batchOf(b)).toBe(pair.body.batchId);
    expect(batchOf(c)).toBe(pair.body.batchId);
    // The pair is adjacent: the batch is one run in the list.
    const positions = rows.flatMap((r, i) => (r.batch_id === pair.body.batchId ? [i] : []));
    expect(positions[1]! - positions[0]!).toBe(1);
  });
});

describe('cancelling', () => {
  it('cancels and refunds while still scheduled; the message is never sent', async () => {
    const { phone, api } = await scheduler();
    const sent = await api.schedule({ recipient: newPhone(), message: 'Later', scheduledFor: later(60), channel: 'sms' });
    const id = sent.body.results[0].id;
    expect(await creditOf(t.db, phone)).toBe(START - SMS_PRICE);

    const res = await api.cancel(id);
    expect(res).toEqual({ status: 200, body: { message: 'Scheduled message cancelled successfully', newCredit: microsToEuros(START) } });
    expect(await creditOf(t.db, phone)).toBe(START);
    expect(await refundsOf(t.db, id)).toHaveLength(1);
    expect((await api.scheduled()).body.messages).toEqual([]);
    expect((await api.history()).body.messages[0]).toMatchObject({ id, status: 'deleted', sell_price: 0 });

    expect(await api.cancel(id)).toMatchObject({ status: 409, body: { message: SEND_MESSAGES.alreadyCancelled } });
    await makeDue(t.db, phone);
    const fake = new FakeProvider();
    await dispatcherFor(t.db, fake).runOnce();
    expect(fake.submitted.filter((m) => m.id === id)).toEqual([]);
    expect(await refundsOf(t.db, id)).toHaveLength(1);
    await expectLedgerConsistent(t.db);
  });

  it('refuses once the time has come or the dispatcher holds it', async () => {
    const { phone, api } = await scheduler();
    const due = (await api.schedule({ recipient: newPhone(), message: 'A', scheduledFor: later(60), channel: 'sms' })).body.results[0].id;
    const held = (await api.schedule({ recipient: newPhone(), message: 'B', scheduledFor: later(60), channel: 'sms' })).body.results[0].id;
    // Its time has passed, though no dispatcher took it yet: Processing, not cancellable.
    await t.db.update(messages).set({ scheduledFor: sql`now() - interval '1 second'` }).where(eq(messages.id, due));
    expect(await api.cancel(due)).toMatchObject({ status: 409, body: { message: SEND_MESSAGES.alreadyProcessing } });

    await t.db.update(messages).set({ scheduledFor: sql`now() - interval '1 second'`, nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(messages.id, held));
    await claimDueMessages(t.db, { limit: 100, leaseSeconds: 60, leaseToken: randomUUID() });
    expect((await api.cancel(held)).status).toBe(409);
    expect(await creditOf(t.db, phone)).toBe(START - 2 * SMS_PRICE);
  });

  it("answers 404 for another user's message and for ids that do not exist", async () => {
    const owner = await scheduler();
    const id = (await owner.api.schedule({ recipient: newPhone(), message: 'Mine', scheduledFor: later(60), channel: 'sms' })).body.results[0].id;
    const stranger = await scheduler();
    expect(await stranger.api.cancel(id)).toMatchObject({ status: 404, body: { message: 'Message not found' } });
    expect((await stranger.api.cancel(randomUUID())).status).toBe(404);
    expect((await stranger.api.cancel('not-an-id')).status).toBe(404);
    expect((await owner.api.scheduled()).body.messages).toHaveLength(1);
  });
});

// Viber with automatic SMS fallback: the SMS price is held at send; Viber delivered costs the Viber
// price (the rest refunded once); not on Viber, expired, or no receipt within the validity sends
// the same message row as SMS at the SMS price; history shows one row with the channel that carried it.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_MESSAGE_PRODUCT, VIBER_MESSAGE_PRODUCT, microsToEuros } from '@kurir/core';
import { messages, products } from '../db/schema';
import {
  FakeProvider,
  SMS_PRICE,
  VIBER_PRICE,
  creditOf,
  customer,
  dispatcherFor,
  expectLedgerConsistent,
  messagesOf,
  newPhone,
  refundsOf,
  userIdOf,
} from '../modules/messages/messages.test-support';
import { createTestApp, type TestApp } from '../test/helper';
import { fallBackOverdueViber } from '../modules/messages/lifecycle/message-store';
import { ProviderError } from '../providers/sms/types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

const START = 2_000_000;

async function viberCustomer() {
  const c = await customer(t, { products: ['Viber'] });
  const fake = new FakeProvider();
  return { ...c, fake, dispatcher: dispatcherFor(t.db, fake) };
}

async function onlyRow(phone: string) {
  const rows = await messagesOf(t.db, phone);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('Viber with SMS fallback', () => {
  it('sends a Viber message that Viber refuses at submit as SMS, instead of failing it', async () => {
    const { phone, api } = await customer(t, { products: ['Viber'] });
    const fake = new FakeProvider({
      behaviour: (m) => (m.channel === 'viber' ? new ProviderError('Viber refused the sender', true) : { providerMessageId: `sms-${m.id}` }),
    });
    const dispatcher = dispatcherFor(t.db, fake);
    await api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' });
    await dispatcher.runOnce(); // Viber refuses: back in the queue as SMS
    await dispatcher.runOnce(); // the SMS goes out
    expect(fake.submitted.map((m) => m.channel)).toEqual(['sms']);
    const row = await onlyRow(phone);
    expect([row.channel, row.status, row.price]).toEqual(['sms', 'sent', SMS_PRICE]);
    await fake.receipt(row.providerMessageId!, 'delivered');
    expect(await creditOf(t.db, phone)).toBe(START - SMS_PRICE);
    await expectLedgerConsistent(t.db);
  });

  it('charges the Viber price when Viber delivers, refunding the rest of the reserve once', async () => {
    const { phone, api, fake, dispatcher } = await viberCustomer();
    const res = await api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' });
    expect(res.body.cost).toBe(microsToEuros(SMS_PRICE)); // the fallback is reserved
    await dispatcher.runOnce();
    expect(fake.submitted.map((m) => [m.channel, m.validitySeconds])).toEqual([['viber', 60]]);

    const row = await onlyRow(phone);
    await fake.receipt(row.providerMessageId!, 'delivered');
    await fake.receipt(row.providerMessageId!, 'delivered');
    expect(await creditOf(t.db, phone)).toBe(START - VIBER_PRICE);
    expect(await refundsOf(t.db, row.id)).toHaveLength(1);
    const [m] = (await api.history()).body.messages;
    expect(m).toMatchObject({ channel: 'viber', status: 'delivered', sell_price: microsToEuros(VIBER_PRICE) });
    await expectLedgerConsistent(t.db);
  });

  it('sends the message as SMS at the SMS price when the recipient is not on Viber', async () => {
    const { phone, api, fake, dispatcher } = await viberCustomer();
    const to = newPhone();
    await api.send({ recipient: to, message: 'Hi', channel: 'viber' });
    await dispatcher.runOnce();
    const viber = await onlyRow(phone);
    await fake.receipt(viber.providerMessageId!, 'not_on_viber', 'Not a Viber user');
    await fake.receipt(viber.providerMessageId!, 'not_on_viber'); // repeated: no second fallback

    expect(await dispatcher.runOnce()).toBe(1);
    expect(fake.submitted.map((m) => [m.to, m.channel])).toEqual([
      [to, 'viber'],
      [to, 'sms'],
    ]);
    const sms = await onlyRow(phone);
    expect(sms.id).toBe(viber.id);
    await fake.receipt(sms.providerMessageId!, 'delivered');
    expect(await creditOf(t.db, phone)).toBe(START - SMS_PRICE);
    const history = (await api.history()).body;
    expect(history.total).toBe(1);
    expect(history.messages[0]).toMatchObject({ channel: 'sms', status: 'delivered', sell_price: microsToEuros(SMS_PRICE) });
    await expectLedgerConsistent(t.db);
  });

  it('falls back when no receipt comes within the validity, and refunds all if the SMS fails too', async () => {
    const { phone, api, fake, dispatcher } = await viberCustomer();
    await api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' });
    await dispatcher.runOnce();
    expect(await fallBackOverdueViber(t.db, 100)).toBe(0); // still within the validity
    await t.db.update(messages).set({ fallbackAt: sql`now() - interval '1 second'` }).where(eq(messages.userId, await userIdOf(t.db, phone)));
    expect(await fallBackOverdueViber(t.db, 100)).toBe(1);

    await dispatcher.runOnce();
    const row = await onlyRow(phone);
    expect([row.channel, row.status]).toEqual(['sms', 'sent']);
    await fake.receipt(row.providerMessageId!, 'failed', 'Absent subscriber');
    expect(await creditOf(t.db, phone)).toBe(START);
    expect((await api.history()).body.messages[0]).toMatchObject({ channel: 'sms', status: 'failed', sell_price: 0, error_message: 'Absent subscriber' });
  });

  it('sends Viber messages as SMS straight away through a provider without Viber', async () => {
    const c = await customer(t, { products: ['Viber'] });
    const smsOnly = new FakeProvider({ channels: ['sms'] });
    await c.api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' });
    await dispatcherFor(t.db, smsOnly).runOnce();
    expect(smsOnly.submitted.map((m) => m.channel)).toEqual(['sms']);
    const row = await onlyRow(c.phone);
    expect([row.channel, row.price]).toEqual(['sms', SMS_PRICE]);
  });
});

describe('when Viber costs more than the SMS', () => {
  it('holds the Viber price and refunds the difference when the fallback SMS is delivered', async () => {
    await t.db.insert(products).values([
      { name: SMS_MESSAGE_PRODUCT, type: 'per_unit', netSellPrice: 10_000, sellTaxRate: 0 },
      { name: VIBER_MESSAGE_PRODUCT, type: 'per_unit', netSellPrice: 50_000, sellTaxRate: 0 },
    ]);
    try {
      const { phone, api, fake, dispatcher } = await viberCustomer();
      const res = await api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' });
      expect(res.body.cost).toBe(0.05);
      await dispatcher.runOnce();
      await fake.receipt((await onlyRow(phone)).providerMessageId!, 'expired');
      await dispatcher.runOnce();
      await fake.receipt((await onlyRow(phone)).providerMessageId!, 'delivered');
      expect(await creditOf(t.db, phone)).toBe(START - 10_000);
      await expectLedgerConsistent(t.db);
    } finally {
      await t.db.delete(products).where(inArray(products.name, [SMS_MESSAGE_PRODUCT, VIBER_MESSAGE_PRODUCT]));
    }
  });
});

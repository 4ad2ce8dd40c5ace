// Sending through POST /api/message/send and /api/messages/schedule (customer §5, §7, §8): the
// spec's validation messages, recipients cleaned and sent once, the debit and the queued rows in
// one transaction, 402 with nothing stored, the product gates, the sender name, and a balance that
// 100 concurrent sends cannot overdraw.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_REQUIRED_MESSAGES, SEND_MESSAGES, microsToEuros } from '@kurir/core';
import { transactions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { grantProduct } from '../../test/products';
import { INSUFFICIENT_CREDIT } from '../billing/ledger';
import { phonebookClient } from '../phonebooks/phonebooks.test-support';
import {
  SMS_PRICE,
  VIBER_PRICE,
  creditOf,
  customer,
  expectLedgerConsistent,
  messagesOf,
  newPhone,
  userIdOf,
} from './messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', MAX_RECIPIENTS_PER_SEND: '5' });
});
afterAll(() => t?.close());

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('validation', () => {
  it('answers with the spec messages and stores nothing', async () => {
    const { phone, api } = await customer(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ recipients: [newPhone()] }, 'Message is required'],
      [{ recipients: [newPhone()], message: '   ' }, 'Message is required'],
      [{ recipients: [newPhone()], message: 'x'.repeat(1001) }, 'Message is too long'],
      [{ message: 'Hi' }, 'Recipient is required'],
      [{ recipients: ['', '  '], message: 'Hi' }, 'Recipient is required'],
      [
        { recipients: ['+0386123456', newPhone()], message: 'Hi' },
        'Invalid phone number format: +0386123456. Phone number must include country code (e.g., +386123456789)',
      ],
      [
        { recipients: ['+0386123456', '+0123', newPhone()], message: 'Hi' },
        '2 phone numbers are missing country codes. All numbers must start with + and include country code.',
      ],
      [
        { recipients: Array.from({ length: 6 }, () => newPhone()), message: 'Hi' },
        'Too many recipients: 6. One send can have at most 5 recipients.',
      ],
      [{ recipients: [newPhone()], message: 'Hi', schedule: true }, SEND_MESSAGES.scheduleTimeRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await api.send(payload);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ message });
    }
    expect((await api.send({ recipients: [newPhone()], message: 'Hi', colour: 'red' })).status).toBe(400);
    expect(await messagesOf(t.db, phone)).toEqual([]);
    expect(await creditOf(t.db, phone)).toBe(2_000_000);
  });

  it('refuses a scheduled time in the past or more than a year ahead', async () => {
    const { api } = await customer(t, { products: ['Schedule Send'] });
    const past = await api.schedule({ recipient: newPhone(), message: 'Hi', scheduledFor: new Date(Date.now() - 60_000).toISOString() });
    expect(past).toMatchObject({ status: 400, body: { message: 'The scheduled time must be in the future.' } });
    const far = await api.send({ recipients: [newPhone()], message: 'Hi', schedule: true, scheduledFor: new Date(Date.now() + 400 * 86_400_000).toISOString() });
    expect(far).toMatchObject({ status: 400, body: { message: SEND_MESSAGES.scheduleTimeTooFar } });
  });
});

describe('a send', () => {
  it('debits recipients × parts × price once and queues one row per distinct recipient', async () => {
    const { phone, api } = await customer(t);
    const a = newPhone();
    const b = newPhone();
    // The same number typed three ways is sent once.
    const spaced = `${b.slice(0, 4)} ${b.slice(4, 8)} ${b.slice(8)}`;
    const res = await api.send({ recipients: [a, spaced, `00${b.slice(1)}`], message: 'x'.repeat(161), channel: 'sms', sender: 'SOMEONE' });
    expect(res.status).toBe(200);
    const cost = 2 * 2 * SMS_PRICE; // 2 recipients × 2 parts
    expect(res.body).toMatchObject({
      message: '2 messages sent successfully.',
      count: 2,
      parts: 2,
      cost: microsToEuros(cost),
      newCredit: microsToEuros(2_000_000 - cost),
      sender: 'Kurir',
      duplicatesRemoved: 1,
      scheduledFor: null,
    });
    expect(res.body.results.map((r: { recipient: string }) => r.recipient).sort()).toEqual([a, b].sort());

    const rows = await messagesOf(t.db, phone);
    expect(rows.map((r) => [r.recipient, r.status, r.senderName, r.price, r.batchId])).toEqual(
      [a, b].sort().map((n) => [n, 'pending', 'Kurir', 2 * SMS_PRICE, res.body.batchId]),
    );
    const debit = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, await userIdOf(t.db, phone)), eq(transactions.type, 'sms_cost')));
    expect(debit.map((d) => [d.amount, d.reference])).toEqual([[-cost, res.body.batchId]]);
    await expectLedgerConsistent(t.db);
  });

  it('says "Message sent successfully." for one recipient, and prices Unicode by its own parts', async () => {
    const { api } = await customer(t);
    const res = await api.send({ recipient: newPhone(), message: 'Živjo, kako si? 😀' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Message sent successfully.', count: 1, parts: 1, cost: microsToEuros(SMS_PRICE) });
  });

  it('uses the approved custom sender name', async () => {
    const { phone, api } = await customer(t);
    await grantProduct(t.db, phone, 'Custom sender name', { customSenderName: 'ACME' });
    const res = await api.send({ recipient: newPhone(), message: 'Hi', sender: 'OTHER' });
    expect(res.body.sender).toBe('ACME');
    expect((await messagesOf(t.db, phone))[0]!.senderName).toBe('ACME');
  });

  it('refuses with 402 and stores nothing when the balance does not cover it', async () => {
    const { phone, api } = await customer(t, { credit: 2 * SMS_PRICE - 1 });
    const res = await api.send({ recipients: [newPhone(), newPhone()], message: 'Hi' });
    expect(res).toMatchObject({ status: 402, body: { message: INSUFFICIENT_CREDIT } });
    expect(await messagesOf(t.db, phone)).toEqual([]);
    expect(await creditOf(t.db, phone)).toBe(2 * SMS_PRICE - 1);
  });

  it('debits what the customer reviewed, or refuses with 409 and sends nothing when the price changed', async () => {
    const { phone, api } = await customer(t);
    const twoParts = 'y'.repeat(200);
    const reviewed = microsToEuros(2 * SMS_PRICE);
    const changed = await api.send({ recipients: [newPhone()], message: twoParts, expectedCost: microsToEuros(SMS_PRICE) });
    expect([changed.status, changed.body.code, changed.body.message]).toEqual([409, 'price_changed', SEND_MESSAGES.priceChanged]);
    expect(await messagesOf(t.db, phone)).toHaveLength(0);
    expect(await creditOf(t.db, phone)).toBe(2_000_000);

    const sent = await api.send({ recipients: [newPhone()], message: twoParts, expectedCost: reviewed });
    expect([sent.status, sent.body.cost]).toEqual([200, reviewed]);
    expect(await creditOf(t.db, phone)).toBe(2_000_000 - 2 * SMS_PRICE);
  });

  it('needs the Viber service for Viber and the Schedule Send service for scheduling', async () => {
    const { phone, api } = await customer(t);
    expect(await api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' })).toMatchObject({
      status: 403,
      body: { message: FEATURE_REQUIRED_MESSAGES.viber },
    });
    expect(await api.schedule({ recipient: newPhone(), message: 'Hi', scheduledFor: inAnHour(), channel: 'sms' })).toMatchObject({
      status: 403,
      body: { message: FEATURE_REQUIRED_MESSAGES.schedule },
    });
    expect(await messagesOf(t.db, phone)).toEqual([]);
  });

  it('reserves the SMS fallback price for Viber', async () => {
    const { api } = await customer(t, { products: ['Viber'] });
    const res = await api.send({ recipients: [newPhone(), newPhone()], message: 'Hi', channel: 'viber' });
    expect(res.status).toBe(200);
    expect(res.body.cost).toBe(microsToEuros(2 * Math.max(SMS_PRICE, VIBER_PRICE)));
  });

  it('adds the numbers of chosen phonebooks, with the Phonebook service', async () => {
    const { phone, cookie, api } = await customer(t);
    const books = phonebookClient(t, cookie);
    await grantProduct(t.db, phone, 'Phonebook');
    const book = await books.createPhonebook('Clients');
    const [x, y] = [newPhone(), newPhone()];
    await books.addContact(book, 'X', x);
    await books.addContact(book, 'Y', y);
    const res = await api.send({ recipients: [x], phonebookIds: [book], message: 'Hi' });
    expect(res.body).toMatchObject({ count: 2, duplicatesRemoved: 1 });

    const other = await customer(t);
    expect((await other.api.send({ phonebookIds: [book], message: 'Hi' })).body).toMatchObject({ message: FEATURE_REQUIRED_MESSAGES.phonebook });
  });
});

describe('a quote', () => {
  it('prices a send as it will be charged, and lists what is wrong', async () => {
    const { api } = await customer(t, { products: ['Viber'] });
    const a = newPhone();
    const sms = await api.call('POST', '/api/messages/quote', { recipients: [a, a, '+0123'], message: 'x'.repeat(161) });
    expect(sms.body).toEqual({
      recipients: 1,
      invalid: ['+0123'],
      duplicatesRemoved: 1,
      encoding: 'gsm',
      parts: 2,
      unitPrice: microsToEuros(SMS_PRICE),
      cost: microsToEuros(2 * SMS_PRICE),
      reserved: microsToEuros(2 * SMS_PRICE),
      credit: 2,
      remaining: microsToEuros(2_000_000 - 2 * SMS_PRICE),
    });
    const viber = await api.call('POST', '/api/messages/quote', { recipients: [a, newPhone()], message: 'Hi', channel: 'viber' });
    expect(viber.body).toMatchObject({ recipients: 2, cost: microsToEuros(2 * VIBER_PRICE), reserved: microsToEuros(2 * SMS_PRICE) });
  });
});

describe('scheduling', () => {
  it('keeps the old per-recipient call working and many recipients in one call', async () => {
    const { phone, api } = await customer(t, { products: ['Schedule Send'] });
    const when = inAnHour();
    const one = await api.schedule({ recipient: newPhone(), message: 'Later', scheduledFor: when, channel: 'sms' });
    expect(one.status).toBe(200);
    expect(one.body.message).toBe('Your message is added to queue and will be sent at the scheduled time.');
    const many = await api.send({ recipients: [newPhone(), newPhone()], message: 'Later', schedule: true, scheduledFor: when });
    expect(many.body.message).toBe('2 messages are added to queue and will be sent at the scheduled time.');
    expect(many.body.results.map((r: { status: string }) => r.status)).toEqual(['scheduled', 'scheduled']);
    const rows = await messagesOf(t.db, phone);
    expect(rows.map((r) => [r.status, r.scheduledFor?.toISOString()])).toEqual(rows.map(() => ['scheduled', when]));
  });
});

describe('concurrency', () => {
  it('100 concurrent sends on a balance of exactly 20: 20 accepted, €0.00 left, the ledger consistent', async () => {
    const { phone, api } = await customer(t, { credit: 20 * SMS_PRICE });
    const results = await Promise.all(Array.from({ length: 100 }, () => api.send({ recipient: newPhone(), message: 'Hi' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 402)).toHaveLength(80);
    expect(await creditOf(t.db, phone)).toBe(0);
    expect(await messagesOf(t.db, phone)).toHaveLength(20);
    await expectLedgerConsistent(t.db);
  });
});

// The public API through the real app: sending and reading messages with a key, the same rules as
// the web (debit, product gates), the error shape, paging, cancelling, phonebooks, idempotency and
// rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { SMS_PRICE, VIBER_PRICE, creditOf, messagesOf, newPhone } from '../messages/messages.test-support';
import { apiCustomer, keyClient } from './api-v1.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const euros = (micros: number) => micros / 1_000_000;

describe('POST /api/v1/messages', () => {
  it('sends with a live key, debits like the web and answers in snake_case', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    const to = newPhone();
    const res = await c.call('POST', '/api/v1/messages', { to, text: 'Hello from the API' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      messages: [{ id: expect.any(String), to, status: 'pending', parts: 1, encoding: 'gsm', price: euros(SMS_PRICE) }],
      total_price: euros(SMS_PRICE),
      balance: euros(1_000_000 - SMS_PRICE),
      test: false,
    });
    expect(await creditOf(t.db, c.phone)).toBe(1_000_000 - SMS_PRICE);

    const read = await c.call('GET', `/api/v1/messages/${res.body.messages[0].id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: res.body.messages[0].id, to, from: 'Kurir', channel: 'sms', status: 'pending', parts: 1, test: false, sent_at: null, delivered_at: null, error: null });
  });

  it('refuses what the web refuses, in the one error shape', async () => {
    const c = await apiCustomer(t, { credit: 0 });
    const poor = await c.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Hi' });
    expect(poor.status).toBe(402);
    expect(poor.body).toEqual({ error: { code: 'insufficient_credit', message: expect.any(String), details: null, request_id: expect.any(String) } });
    const viber = await c.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Hi', channel: 'viber' });
    expect(viber.status).toBe(403);
    expect(viber.body.error.code).toBe('feature_required');
    const bad = await c.call('POST', '/api/v1/messages', { to: 'nope', text: 'Hi' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_recipients' });
    const unknownField = await c.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Hi', extra: 1 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error).toMatchObject({ code: 'validation_failed', details: { issues: expect.any(Array) } });
    const route = await c.call('GET', '/api/v1/nothing-here');
    expect(route.status).toBe(404);
    expect(route.body.error.code).toBe('route_not_found');
    expect(await messagesOf(t.db, c.phone)).toHaveLength(0);
  });

  it('keeps the web error shape outside /api/v1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api-keys' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated', code: 'unauthorized', requestId: expect.any(String) });
  });

  it('refuses a request without a key, or with an unknown one, with 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/balance' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthorized');
    const unknown = await keyClient(t, 'kur_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')('GET', '/api/v1/balance');
    expect(unknown.status).toBe(401);
  });
});

describe('quote, balance, list, cancel', () => {
  it('quotes without charging, with the characters that force Unicode', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    const res = await c.call('POST', '/api/v1/messages/quote', { to: [newPhone(), newPhone()], text: 'Živjo 😀' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recipients: 2, parts: 1, encoding: 'unicode', unicode_characters: ['Ž', '😀'], price_per_recipient: euros(SMS_PRICE), total_price: euros(2 * SMS_PRICE), price_per_recipient_if_viber_delivers: null, total_price_if_viber_delivers: null, balance: 1, balance_after: euros(1_000_000 - 2 * SMS_PRICE) });
    expect(await creditOf(t.db, c.phone)).toBe(1_000_000);
    expect((await c.call('GET', '/api/v1/balance')).body).toEqual({ balance: 1, currency: 'EUR' });
  });

  it('quotes a Viber send at what the send debits, with what it costs once Viber delivers', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000, products: ['Viber'] });
    const request = { to: [newPhone(), newPhone()], text: 'Your order has shipped.', channel: 'viber' };
    // The send holds the larger of the Viber price and the SMS price per message (its fallback).
    const held = Math.max(VIBER_PRICE, SMS_PRICE);
    expect(held).toBeGreaterThan(VIBER_PRICE);
    const quote = await c.call('POST', '/api/v1/messages/quote', request);
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({
      recipients: 2,
      parts: 1,
      price_per_recipient: euros(held),
      total_price: euros(2 * held),
      price_per_recipient_if_viber_delivers: euros(VIBER_PRICE),
      total_price_if_viber_delivers: euros(2 * VIBER_PRICE),
      balance: 1,
      balance_after: euros(1_000_000 - 2 * held),
    });

    const sent = await c.call('POST', '/api/v1/messages', request);
    expect(sent.status).toBe(201);
    expect(sent.body.total_price).toBe(quote.body.total_price);
    expect(sent.body.messages.map((m: { price: number }) => m.price)).toEqual([quote.body.price_per_recipient, quote.body.price_per_recipient]);
    expect(sent.body.balance).toBe(quote.body.balance_after);
    expect(await creditOf(t.db, c.phone)).toBe(1_000_000 - 2 * held);

    const free = await apiCustomer(t, { mode: 'test', products: ['Viber'] });
    const testQuote = await free.call('POST', '/api/v1/messages/quote', request);
    expect(testQuote.body).toMatchObject({ price_per_recipient: 0, total_price: 0, price_per_recipient_if_viber_delivers: 0, total_price_if_viber_delivers: 0 });
  });

  it('lists newest first with filters and a cursor that walks every message once', async () => {
    const c = await apiCustomer(t, { credit: 10_000_000 });
    const numbers = Array.from({ length: 7 }, () => newPhone());
    for (const to of numbers.slice(0, 4)) await c.call('POST', '/api/v1/messages', { to, text: 'one by one' });
    await c.call('POST', '/api/v1/messages', { to: numbers.slice(4), text: 'together' });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { messages: { to: string }[]; next_cursor: string | null } } = await c.call('GET', `/api/v1/messages?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.messages.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.messages.map((m) => m.to));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...numbers].sort());
    const filtered = await c.call('GET', `/api/v1/messages?to=${numbers[2]!.slice(-7)}&status=pending`);
    expect(filtered.body.messages.map((m: { to: string }) => m.to)).toEqual([numbers[2]]);
    const bad = await c.call('GET', '/api/v1/messages?cursor=xyz');
    expect(bad.status).toBe(400);
  });

  it('cancels a scheduled message and refunds it', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000, products: ['Schedule Send'] });
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const sent = await c.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Later', scheduled_for: when });
    expect(sent.status).toBe(201);
    expect(sent.body.messages[0].status).toBe('scheduled');
    const id = sent.body.messages[0].id;
    const cancelled = await c.call('DELETE', `/api/v1/messages/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ id, status: 'deleted', balance: 1 });
    expect(await creditOf(t.db, c.phone)).toBe(1_000_000);
    expect((await c.call('DELETE', `/api/v1/messages/${id}`)).body.error.code).toBe('already_cancelled');
  });
});

describe('ownership', () => {
  it("one customer's key never reads or cancels another's messages", async () => {
    const alice = await apiCustomer(t, { credit: 1_000_000, products: ['Schedule Send'] });
    const bob = await apiCustomer(t, { credit: 1_000_000 });
    const sent = await alice.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Mine', scheduled_for: new Date(Date.now() + 3_600_000).toISOString() });
    const id = sent.body.messages[0].id;
    expect((await bob.call('GET', `/api/v1/messages/${id}`)).status).toBe(404);
    expect((await bob.call('DELETE', `/api/v1/messages/${id}`)).status).toBe(404);
    expect((await bob.call('GET', '/api/v1/messages')).body.messages).toEqual([]);
    expect((await alice.call('GET', `/api/v1/messages/${id}`)).status).toBe(200);
  });
});

describe('phonebooks', () => {
  it('creates, fills, imports, lists, sends to and deletes a phonebook', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000, products: ['Phonebook'] });
    const book = await c.call('POST', '/api/v1/phonebooks', { name: 'Clients', description: null });
    expect(book.status).toBe(201);
    const id = book.body.id;
    const contact = await c.call('POST', `/api/v1/phonebooks/${id}/contacts`, { name: 'Ana', phone_number: newPhone(), email: null, notes: null });
    expect(contact.status).toBe(201);
    const imported = await c.call('POST', `/api/v1/phonebooks/${id}/contacts/import`, { contacts: [{ name: 'Bor', phone_number: newPhone() }, { name: 'Bad', phone_number: '12' }] });
    expect(imported.body).toMatchObject({ imported: 1, errors: [{ row: 2 }] });
    expect((await c.call('GET', `/api/v1/phonebooks/${id}/contacts`)).body.contacts).toHaveLength(2);
    expect((await c.call('GET', '/api/v1/phonebooks')).body.phonebooks).toMatchObject([{ id, contact_count: 2 }]);
    const sent = await c.call('POST', '/api/v1/messages', { phonebook_ids: [id], text: 'To the book' });
    expect(sent.body.messages).toHaveLength(2);
    expect((await c.call('DELETE', `/api/v1/phonebooks/${id}/contacts/${contact.body.id}`)).body).toEqual({ id: contact.body.id, deleted: true });
    expect((await c.call('DELETE', `/api/v1/phonebooks/${id}`)).status).toBe(200);
    const other = await apiCustomer(t, { products: ['Phonebook'] });
    expect((await other.call('GET', `/api/v1/phonebooks/${id}/contacts`)).status).toBe(404);
  });

  it('needs the Phonebook service', async () => {
    const c = await apiCustomer(t);
    const res = await c.call('GET', '/api/v1/phonebooks');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('feature_required');
  });
});

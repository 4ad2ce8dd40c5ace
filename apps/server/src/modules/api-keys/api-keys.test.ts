// API keys: created once with their secret, stored hashed, listed with their use, gated by the API
// access product for live keys, revoked at once; test keys send to the simulator for free.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS, SEND_MESSAGES, TEST_MAX_MESSAGES_PER_DAY, TEST_MAX_RECIPIENTS_PER_SEND } from '@kurir/core';
import { apiKeys, messages } from '../../db/schema';
import { SimulatorProvider } from '../../providers/sms/simulator/simulator';
import { createTestApp, type TestApp } from '../../test/helper';
import { apiCustomer, keyClient } from '../api-v1/api-v1.test-support';
import { Dispatcher } from '../../jobs/dispatcher';
import { createMessageStore } from '../messages/lifecycle/message-store';
import { FakeProvider, TEST_DISPATCH, creditOf, customer, dispatcherFor, newPhone, silentLog, userIdOf } from '../messages/messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie }, payload: payload as object });

describe('creating and listing keys', () => {
  it('shows the secret once, stores only its hash, and lists the key with its use', async () => {
    const c = await customer(t);
    const res = await post(c.cookie, { name: 'CI', mode: 'test' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(String), name: 'CI', mode: 'test', prefix: expect.stringMatching(/^kur_test_.{4}$/), key: expect.stringMatching(/^kur_test_[A-Za-z0-9_-]{32}$/) });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const call = keyClient(t, created.key);
    for (let i = 0; i < 3; i++) expect((await call('GET', '/api/v1/balance')).status).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: c.cookie } });
    expect(list.json().keys).toEqual([
      { id: created.id, name: 'CI', mode: 'test', prefix: created.prefix, created_at: expect.any(String), last_used_at: expect.any(String), revoked_at: null, requests_30d: 3 },
    ]);
    expect(list.body).not.toContain(created.key);
  });

  it('needs the API access product for a live key; a test key is free', async () => {
    const c = await customer(t);
    const live = await post(c.cookie, { name: 'Prod', mode: 'live' });
    expect(live.statusCode).toBe(403);
    expect(live.json()).toMatchObject({ code: 'feature_required', message: expect.stringContaining('API access') });
    expect((await post(c.cookie, { name: 'Dev', mode: 'test' })).statusCode).toBe(201);
    expect((await post(c.cookie, { name: '  ', mode: 'test' })).json()).toMatchObject({ code: 'validation_failed', message: 'Name is required' });
  });

  it('refuses a live key once the product has ended', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    expect((await c.call('GET', '/api/v1/balance')).status).toBe(200);
    await t.db.execute(`update user_products set expires_at = now() - interval '1 second' where user_id = (select id from users where phone = '${c.phone}')`);
    // Written behind the app's back: its products cache hears of it through the database's NOTIFY a
    // moment later (on PostgreSQL the next request can come first); well within the cache's 5 s TTL.
    await expect.poll(async () => (await c.call('GET', '/api/v1/balance')).status, { timeout: 2000 }).toBe(403);
    const res = await c.call('GET', '/api/v1/balance');
    expect(res.body.error.code).toBe('feature_required');
  });
});

describe('how many', () => {
  it(`holds at most ${MAX_ACTIVE_API_KEYS} active keys, even asked at once; a revoked one makes room`, async () => {
    const c = await customer(t);
    const results = await Promise.all(Array.from({ length: MAX_ACTIVE_API_KEYS + 3 }, (_, i) => post(c.cookie, { name: `K${i}`, mode: 'test' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(Array(3).fill([409, API_KEY_MESSAGES.tooMany]));
    const first = results.find((r) => r.statusCode === 201)!.json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${first.id}`, headers: { cookie: c.cookie } })).statusCode).toBe(204);
    expect((await post(c.cookie, { name: 'Again', mode: 'test' })).statusCode).toBe(201);
  });
});

describe('a revoked key', () => {
  it('keeps its place while its rate-limit window still counts its requests, so revoking and creating keys cannot lift the limit', async () => {
    const c = await apiCustomer(t, { mode: 'test' });
    const busy = c.key;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization: `Bearer ${busy}` } })).statusCode).toBe(200);
    const created = await Promise.all(Array.from({ length: MAX_ACTIVE_API_KEYS - 1 }, (_, i) => post(c.cookie, { name: `K${i}`, mode: 'test' })));
    expect(created.map((r) => r.statusCode)).toEqual(Array(MAX_ACTIVE_API_KEYS - 1).fill(201));
    const busyId = c.keyId;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${busyId}`, headers: { cookie: c.cookie } })).statusCode).toBe(204);

    const refused = await post(c.cookie, { name: 'Fresh window', mode: 'test' });
    expect(refused.statusCode).toBe(409);
    const seconds = refused.json().retryAfter as number;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(refused.json().message).toBe(API_KEY_MESSAGES.tooManyRecentlyUsed(seconds));

    // Its window over (moved back in time here), the place is free.
    await t.db.execute(sql`update api_rate_windows set window_start = window_start - interval '1 hour' where key_id = ${busyId}::uuid`);
    expect((await post(c.cookie, { name: 'Fresh window', mode: 'test' })).statusCode).toBe(201);
  });
});

describe('the Authorization header', () => {
  it('takes the Bearer scheme in any case, as HTTP names schemes case-insensitively', async () => {
    const c = await apiCustomer(t, { mode: 'test' });
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization: `${scheme} ${c.key}` } });
      expect(res.statusCode, scheme).toBe(200);
    }
    const basic = await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization: `Basic ${c.key}` } });
    expect(basic.statusCode).toBe(401);
  });
});

describe('revoking', () => {
  it('refuses a revoked key with 401 on the very next request', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    expect((await c.call('GET', '/api/v1/balance')).status).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${c.keyId}`, headers: { cookie: c.cookie } });
    expect(del.statusCode).toBe(204);
    const after = await c.call('GET', '/api/v1/balance');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid or revoked API key', details: null, request_id: expect.any(String) } });
    expect((await c.call('POST', '/api/v1/messages', { to: newPhone(), text: 'x' })).status).toBe(401);
  });

  it("cannot revoke another customer's key", async () => {
    const alice = await apiCustomer(t, { mode: 'test' });
    const bob = await customer(t);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${alice.keyId}`, headers: { cookie: bob.cookie } });
    expect(del.statusCode).toBe(404);
    expect((await alice.call('GET', '/api/v1/balance')).status).toBe(200);
  });
});

describe('test keys', () => {
  it('never spend, are marked as test, and go to the simulator even when the provider is real', async () => {
    const c = await apiCustomer(t, { mode: 'test', credit: 50_000 });
    const to = newPhone('001');
    const res = await c.call('POST', '/api/v1/messages', { to: [to, newPhone()], text: 'Integration test' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total_price: 0, balance: 0.05, test: true, messages: [{ price: 0 }, { price: 0 }] });
    expect(await creditOf(t.db, c.phone)).toBe(50_000);
    const quote = await c.call('POST', '/api/v1/messages/quote', { to, text: 'x' });
    expect(quote.body).toMatchObject({ total_price: 0, balance_after: 0.05 });

    const real = new FakeProvider({ name: 'real' });
    const simulator = new SimulatorProvider(t.db, { delayMs: 10_000 });
    const withSimulator = new Dispatcher(createMessageStore(t.db), real, TEST_DISPATCH, silentLog, simulator);
    await withSimulator.runOnce();
    await simulator.close();
    expect(real.submitted).toHaveLength(0);
    const rows = await t.db.select().from(messages).where(eq(messages.batchId, (await t.db.select({ b: messages.batchId }).from(messages).where(eq(messages.recipient, to)))[0]!.b));
    expect(rows.map((r) => [r.status, r.provider, r.test, r.price])).toEqual([
      ['sent', 'simulator', true, 0],
      ['sent', 'simulator', true, 0],
    ]);
    const history = await t.app.inject({ method: 'GET', url: '/api/sms/history', headers: { cookie: c.cookie } });
    expect(history.json().messages).toHaveLength(2);
    expect((await c.call('GET', `/api/v1/messages/${res.body.messages[0].id}`)).body).toMatchObject({ test: true, status: 'sent', price: 0 });
  });

  it("read and cancel only the test messages, never the customer's live ones", async () => {
    const live = await apiCustomer(t, { credit: 1_000_000, products: ['Schedule Send'] });
    const created = await post(live.cookie, { name: 'CI', mode: 'test' });
    const test = keyClient(t, created.json().key);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const realOne = await live.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Live, later', scheduled_for: later });
    const liveId = realOne.body.messages[0].id as string;
    const trial = await test('POST', '/api/v1/messages', { to: newPhone(), text: 'Test' });
    const testId = trial.body.messages[0].id as string;

    expect((await test('GET', `/api/v1/messages/${liveId}`)).status).toBe(404);
    expect((await test('GET', '/api/v1/messages')).body.messages.map((m: { id: string }) => m.id)).toEqual([testId]);
    expect((await test('DELETE', `/api/v1/messages/${liveId}`)).status).toBe(404);
    expect((await live.call('GET', `/api/v1/messages/${liveId}`)).body.status).toBe('scheduled');
    // The live key sees both.
    expect((await live.call('GET', '/api/v1/messages')).body.messages.map((m: { id: string }) => m.id).sort()).toEqual([liveId, testId].sort());
  });

  it(`send to at most ${TEST_MAX_RECIPIENTS_PER_SEND} recipients at a time and ${TEST_MAX_MESSAGES_PER_DAY} messages a day`, async () => {
    const c = await apiCustomer(t, { mode: 'test' });
    const numbers = (n: number) => Array.from({ length: n }, () => newPhone());
    const tooMany = await c.call('POST', '/api/v1/messages', { to: numbers(TEST_MAX_RECIPIENTS_PER_SEND + 1), text: 'Too many' });
    expect([tooMany.status, tooMany.body.error.message]).toEqual([400, SEND_MESSAGES.testTooManyRecipients]);
    // The day's allowance, less one send: written directly, as 24 hours of earlier test sends.
    const userId = await userIdOf(t.db, c.phone);
    await t.db.execute(sql`insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status, parts, reserved_price, sms_price, price, next_attempt_at, test, created_at)
      select ${userId}::uuid, gen_random_uuid(), '+38640000' || lpad(g::text, 3, '0'), 'Earlier', 'Kurir', 'sms', 'sms', 'delivered', 1, 0, 0, 0, now(), true, now() - interval '1 hour'
        from generate_series(1, ${TEST_MAX_MESSAGES_PER_DAY - 2}) g`);
    expect((await c.call('POST', '/api/v1/messages', { to: numbers(2), text: 'The last two' })).status).toBe(201);
    const over = await c.call('POST', '/api/v1/messages', { to: numbers(1), text: 'One more' });
    expect([over.status, over.body.error.message]).toEqual([429, SEND_MESSAGES.testDailyQuota]);
  });

  it('a dispatcher without a simulator fails test messages rather than sending them for real', async () => {
    const c = await apiCustomer(t, { mode: 'test' });
    const real = new FakeProvider({ name: 'real' });
    await c.call('POST', '/api/v1/messages', { to: newPhone(), text: 'never real' });
    await dispatcherFor(t.db, real).runOnce();
    expect(real.submitted).toHaveLength(0);
  });
});

// Delivery webhooks end to end: status changes become signed POSTs to a receiver started here,
// retried until accepted (each event accepted exactly once), in order per message, surviving a
// restart; persistent failure disables the endpoint with a visible reason; replay; SSRF guard.
import http from 'node:http';
import type { Socket } from 'node:net';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES } from '@kurir/core';
import { buildApp } from '../../app';
import { retryUnmatchedReceipts } from '../messages/lifecycle/receipts';
import { messages, webhookDeliveries } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import { WebhookDeliverer, BATCH as DELIVERY_BATCH, CONCURRENCY as DELIVERY_CONCURRENCY } from '../../jobs/webhook-delivery';
import { SimulatorProvider } from '../../providers/sms/simulator/simulator';
import { createTestApp, type TestApp } from '../../test/helper';
import { apiCustomer } from '../api-v1/api-v1.test-support';
import { dispatcherFor, newPhone, silentLog } from '../messages/messages.test-support';
import { CLAIM_PER_ENDPOINT, claimDueDeliveries } from './delivery.service';
import { postWebhook } from './http-post';
import { verifySignature } from './signature';
import { checkWebhookUrl, isPrivateAddress } from './ssrf-guard';

interface Received {
  eventId: string;
  type: string;
  messageId: string;
  body: string;
  signature: string;
  answered: number;
}

/** A webhook receiver: answers `answer(eventId, attempt)` and records every request. */
async function startReceiver(answer: (eventId: string, attempt: number) => number = () => 200) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string; data: { id: string } };
      const attempt = (attempts.get(event.id) ?? 0) + 1;
      attempts.set(event.id, attempt);
      const status = answer(event.id, attempt);
      received.push({ eventId: event.id, type: event.type, messageId: event.data.id, body, signature: String(req.headers['kurir-signature']), answered: status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks/kurir`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '0.05,0.05,0.05,0.05', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_POLL_MS: '20' });
});
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
afterAll(() => t?.close());

async function customerWithEndpoint(receiverUrl: string) {
  const c = await apiCustomer(t, { credit: 1_000_000 });
  const res = await t.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: { cookie: c.cookie }, payload: { url: receiverUrl } });
  expect(res.statusCode).toBe(201);
  const endpoint = res.json() as { id: string; url: string; secret: string };
  expect(endpoint.secret).toMatch(/^whsec_/);
  return { ...c, endpoint };
}

/** Sends through the API, dispatches to the simulator and waits until every message is settled. */
async function sendAndSettle(c: Awaited<ReturnType<typeof customerWithEndpoint>>, to: string[]) {
  const sent = await c.call('POST', '/api/v1/messages', { to, text: 'Webhook me' });
  expect(sent.status).toBe(201);
  const simulator = new SimulatorProvider(t.db, { delayMs: 0 });
  cleanups.push(() => simulator.close());
  await dispatcherFor(t.db, simulator).runOnce();
  const ids = sent.body.messages.map((m: { id: string }) => m.id) as string[];
  for (let i = 0; i < 100; i++) {
    const rows = await t.db.select({ settledAt: messages.settledAt }).from(messages).where(sql`${messages.id} in ${ids}`);
    if (rows.every((r) => r.settledAt)) break;
    // A receipt can overtake the record of the provider id; the receipts job applies it then.
    await retryUnmatchedReceipts(t.db);
    await new Promise((r) => setTimeout(r, 20));
  }
  return ids;
}

async function deliverAll(deliverer = new WebhookDeliverer(t.db, t.config.webhooks, silentLog)) {
  for (let i = 0; i < 200; i++) {
    const [pending] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(webhookDeliveries).where(sql`${webhookDeliveries.status} = 'pending' and exists (select 1 from webhook_endpoints w where w.id = ${webhookDeliveries.endpointId} and w.disabled_at is null)`);
    if (pending!.n === 0) return;
    await deliverer.runOnce();
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('deliveries still pending');
}

describe('delivery', () => {
  it('POSTs every status change, signed, in order per message, with the reason and the refund', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const c = await customerWithEndpoint(receiver.url);
    const [ok, bad] = await sendAndSettle(c, [newPhone('001'), newPhone('000')]);
    await deliverAll();

    for (const r of receiver.received) expect(verifySignature(c.endpoint.secret, r.signature, r.body)).toBe(true);
    expect(verifySignature('whsec_wrong', receiver.received[0]!.signature, receiver.received[0]!.body)).toBe(false);
    const typesOf = (id: string) => receiver.received.filter((r) => r.messageId === id).map((r) => r.type);
    expect(typesOf(ok!)).toEqual(['message.sent', 'message.delivered']);
    expect(typesOf(bad!)).toEqual(['message.sent', 'message.failed']);
    const failed = JSON.parse(receiver.received.find((r) => r.type === 'message.failed')!.body);
    expect(failed).toMatchObject({ type: 'message.failed', data: { id: bad, status: 'failed', error: 'Unknown subscriber', price: 0, test: false } });
    expect(failed.data.refunded).toBeGreaterThan(0);

    const log = await t.app.inject({ method: 'GET', url: `/api/webhook-endpoints/${c.endpoint.id}/deliveries`, headers: { cookie: c.cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.json().deliveries).toHaveLength(4);
    expect(log.json().deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1, response_code: 200, latency_ms: expect.any(Number), event: expect.stringMatching(/^message\./) });
  });

  it('retries a receiver that fails 3 times; each event is accepted exactly once', async () => {
    const receiver = await startReceiver((_id, attempt) => (attempt <= 3 ? 503 : 200));
    cleanups.push(receiver.close);
    const c = await customerWithEndpoint(receiver.url);
    await sendAndSettle(c, [newPhone('001'), newPhone('001')]);
    const deliverer = new WebhookDeliverer(t.db, t.config.webhooks, silentLog);
    deliverer.start();
    cleanups.push(() => deliverer.stop());
    await deliverAll(deliverer);

    const accepted = receiver.received.filter((r) => r.answered === 200);
    expect(accepted).toHaveLength(4);
    expect(new Set(accepted.map((r) => r.eventId)).size).toBe(4);
    expect(receiver.received).toHaveLength(16);
    const log = (await t.app.inject({ method: 'GET', url: `/api/webhook-endpoints/${c.endpoint.id}/deliveries`, headers: { cookie: c.cookie } })).json();
    expect(log.deliveries.map((d: { attempts: number; status: string }) => [d.status, d.attempts])).toEqual(Array(4).fill(['succeeded', 4]));
  });

  it('disables an endpoint after persistent failure, shows why, and Replay enables and delivers again', async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 500));
    cleanups.push(receiver.close);
    const c = await customerWithEndpoint(receiver.url);
    await sendAndSettle(c, [newPhone('001')]);
    await deliverAll();
    const list = (await t.app.inject({ method: 'GET', url: '/api/webhook-endpoints', headers: { cookie: c.cookie } })).json();
    expect(list.endpoints[0]).toMatchObject({ id: c.endpoint.id, disabled_at: expect.any(String), disabled_reason: expect.stringContaining('HTTP 500') });
    const log = (await t.app.inject({ method: 'GET', url: `/api/webhook-endpoints/${c.endpoint.id}/deliveries`, headers: { cookie: c.cookie } })).json();
    const failed = log.deliveries.find((d: { status: string }) => d.status === 'failed');
    expect(failed).toMatchObject({ attempts: 5, response_code: 500, error: 'HTTP 500' });

    up = true;
    const other = await apiCustomer(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/webhook-deliveries/${failed.id}/replay`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/webhook-deliveries/${failed.id}/replay`, headers: { cookie: c.cookie } })).statusCode).toBe(202);
    await deliverAll();
    expect(receiver.received.filter((r) => r.eventId === failed.event_id).at(-1)!.answered).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/webhook-endpoints', headers: { cookie: c.cookie } })).json();
    expect(after.endpoints[0].disabled_at).toBeNull();
  });

  it('refuses to replay a delivery while a worker is POSTing it, and replays it once that attempt ended', async () => {
    const receiver = await startReceiver(() => 500);
    cleanups.push(receiver.close);
    const c = await customerWithEndpoint(receiver.url);
    await sendAndSettle(c, [newPhone('001')]);
    await deliverAll();
    const log = (await t.app.inject({ method: 'GET', url: `/api/webhook-endpoints/${c.endpoint.id}/deliveries`, headers: { cookie: c.cookie } })).json();
    const delivery = log.deliveries[0] as { id: string };
    const replay = () => t.app.inject({ method: 'POST', url: `/api/webhook-deliveries/${delivery.id}/replay`, headers: { cookie: c.cookie } });
    // As a worker's claim leaves it: pending, leased, its attempt counted.
    await t.db.update(webhookDeliveries).set({ status: 'pending', attempts: 3, lockedUntil: sql`now() + interval '60 seconds'` }).where(eq(webhookDeliveries.id, delivery.id));

    const refused = await replay();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'delivery_in_flight', message: WEBHOOK_MESSAGES.deliveryInFlight });
    const [held] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(held).toMatchObject({ attempts: 3, lockedUntil: expect.any(Date) }); // the worker's attempt still owns it

    await t.db.update(webhookDeliveries).set({ lockedUntil: null }).where(eq(webhookDeliveries.id, delivery.id)); // its attempt ended
    expect((await replay()).statusCode).toBe(202);
    const [replayed] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(replayed).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  });

  it(`takes each URL once and at most ${MAX_WEBHOOK_ENDPOINTS} endpoints a customer`, async () => {
    const c = await apiCustomer(t);
    const add = (url: string) => t.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: { cookie: c.cookie }, payload: { url } });
    const results = await Promise.all(Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 2 }, (_, i) => add(`http://localhost:9/hook/${i}`)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(2).fill(WEBHOOK_MESSAGES.tooMany));
    const first = results.find((r) => r.statusCode === 201)!.json();
    expect((await add(first.url)).json()).toMatchObject({ message: WEBHOOK_MESSAGES.duplicate });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhook-endpoints/${first.id}`, headers: { cookie: c.cookie } })).statusCode).toBe(204);
    expect((await add(first.url)).statusCode).toBe(201);
  });

  it("keeps customers apart: another customer's endpoint and log are not found", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const c = await customerWithEndpoint(receiver.url);
    const other = await apiCustomer(t);
    const headers = { cookie: other.cookie };
    expect((await t.app.inject({ method: 'GET', url: `/api/webhook-endpoints/${c.endpoint.id}/deliveries`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhook-endpoints/${c.endpoint.id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/webhook-endpoints', headers })).json().endpoints).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhook-endpoints/${c.endpoint.id}`, headers: { cookie: c.cookie } })).statusCode).toBe(204);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, c.endpoint.id))).toEqual([]);
  });
});

describe('slow and greedy receivers', () => {
  /** A server that answers each request with `respond`, and the sockets to close after. */
  async function startRawServer(respond: (socket: Socket) => void) {
    const sockets = new Set<Socket>();
    const server = http.createServer();
    server.on('connection', (socket) => sockets.add(socket));
    server.on('request', (_req, res) => respond(res.socket!));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return url;
  }

  it('gives up on a receiver that trickles its answer within the timeout, whole, not per silence', async () => {
    const url = await startRawServer((socket) => {
      const line = 'HTTP/1.1 200 OK\r\n';
      let i = 0;
      const timer = setInterval(() => (i < line.length ? socket.write(line[i++]!) : clearInterval(timer)), 100);
      socket.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    await expect(postWebhook(url, '{}', {}, { timeoutMs: 400, allowPrivate: true })).rejects.toThrow(/Timed out after 400 ms/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('takes the status without reading an endless body', async () => {
    const url = await startRawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      const timer = setInterval(() => socket.write('1\r\nx\r\n'), 20);
      socket.on('close', () => clearInterval(timer));
      socket.on('error', () => clearInterval(timer));
    });
    await expect(postWebhook(url, '{}', {}, { timeoutMs: 400, allowPrivate: true })).resolves.toMatchObject({ status: 200 });
  });

  it(`claims at most ${CLAIM_PER_ENDPOINT} deliveries of one endpoint at a time, so the others' go too`, async () => {
    const busy = await startReceiver();
    const quiet = await startReceiver();
    cleanups.push(busy.close, quiet.close);
    const a = await customerWithEndpoint(busy.url);
    const b = await customerWithEndpoint(quiet.url);
    await sendAndSettle(a, Array.from({ length: 8 }, () => newPhone('001')));
    await sendAndSettle(b, [newPhone('001')]);
    const claimed = await claimDueDeliveries(t.db, 50, 60);
    const ofEndpoint = (url: string) => claimed.filter((d) => d.url === url).length;
    expect(ofEndpoint(busy.url)).toBe(CLAIM_PER_ENDPOINT);
    expect(ofEndpoint(quiet.url)).toBe(1);
    await t.db.update(webhookDeliveries).set({ lockedUntil: null }).where(sql`${webhookDeliveries.status} = 'pending'`);
    await deliverAll();
    expect(busy.received.filter((r) => r.type === 'message.sent')).toHaveLength(8);
  });
  it('keeps a claimed delivery leased until the last of its batch may have timed out', async () => {
    // A receiver that answers nothing until released: the delivery is held, as by a dead host.
    const held: http.ServerResponse[] = [];
    let released = false;
    const server = http.createServer((req, res) => {
      req.resume();
      if (released) res.writeHead(200).end();
      else held.push(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const c = await customerWithEndpoint(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`);
    await sendAndSettle(c, [newPhone('001')]);
    const timeoutMs = 20_000;
    const run = new WebhookDeliverer(t.db, { ...t.config.webhooks, timeoutMs }, silentLog).runOnce();
    await expect.poll(() => held.length).toBe(1);
    const [row] = await queryRows<{ lease: number }>(t.db, sql`
      select extract(epoch from (d.locked_until - now()))::float8 as lease from webhook_deliveries d
       where d.endpoint_id = ${c.endpoint.id}::uuid and d.locked_until is not null`);
    // The batch's deliveries go CONCURRENCY at a time, each up to the timeout: the last one's POST
    // ends that many rounds after the claim, and must still hold its lease then.
    const rounds = Math.ceil(DELIVERY_BATCH / DELIVERY_CONCURRENCY);
    try {
      expect(Number(row!.lease)).toBeGreaterThanOrEqual((rounds * timeoutMs) / 1000);
    } finally {
      released = true;
      for (const res of held) res.writeHead(200).end();
      await run;
    }
    await deliverAll();
  });
});

describe('SSRF guard', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('knows the IPv6 forms that carry an IPv4 address: compatible, translated, NAT64, 6to4, Teredo', () => {
    for (const a of [
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::127.0.0.1',
      '::a9fe:a9fe', // 169.254.169.254
      '::ffff:7f00:1', // mapped, in hex
      '::ffff:0:7f00:1', // translated
      '64:ff9b::7f00:1', // NAT64, well-known prefix
      '64:ff9b:1::a9fe:a9fe', // NAT64, local-use prefix
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:5db8:d822::1', // 6to4 of a public address: the whole range is refused
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      'fec0::1', // site-local
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['2001:4860:4860::8888', '2a00:1450:4001:81b::200e', '::ffff:1.1.1.1', '::ffff:101:101']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses http (except localhost when allowed) and private hosts when not allowed', async () => {
    await expect(checkWebhookUrl('http://example.com/hook', false)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('https://') });
    await expect(checkWebhookUrl('http://example.com/hook', true)).rejects.toMatchObject({ status: 400 });
    await expect(checkWebhookUrl('https://127.0.0.1/hook', false)).rejects.toMatchObject({ status: 400, message: 'The webhook URL must point to a public address.' });
    await expect(checkWebhookUrl('https://localhost/hook', false)).rejects.toMatchObject({ status: 400 });
    await expect(checkWebhookUrl('https://[::1]/hook', false)).rejects.toMatchObject({ status: 400 });
    for (const host of ['[::7f00:1]', '[64:ff9b:1::a9fe:a9fe]', '[2002:a9fe:a9fe::1]']) {
      await expect(checkWebhookUrl(`https://${host}/hook`, false), host).rejects.toMatchObject({ status: 400, message: 'The webhook URL must point to a public address.' });
    }
    await expect(checkWebhookUrl('http://localhost:3000/hook', true)).resolves.toBe('http://localhost:3000/hook');
    const res = await t.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: { cookie: (await apiCustomer(t)).cookie }, payload: { url: 'ftp://example.com' } });
    expect(res.statusCode).toBe(400);
  });

  it('refuses to connect to a private address at send time unless allowed', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const local = receiver.url.replace('127.0.0.1', 'localhost');
    await expect(postWebhook(local, '{}', {}, { timeoutMs: 1000, allowPrivate: false })).rejects.toThrow(/private address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a private address written in the URL itself at send time (no lookup is made for it)', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    // Saved while private addresses were allowed, or before a range was added to the list.
    const event = JSON.stringify({ id: 'evt', type: 'message.sent', data: { id: 'msg' } });
    await expect(postWebhook(receiver.url, event, {}, { timeoutMs: 1000, allowPrivate: false })).rejects.toThrow(/private address/);
    await expect(postWebhook('http://[::1]:9/hook', event, {}, { timeoutMs: 1000, allowPrivate: false })).rejects.toThrow(/private address/);
    expect(receiver.received).toHaveLength(0);
    await expect(postWebhook(receiver.url, event, {}, { timeoutMs: 1000, allowPrivate: true })).resolves.toMatchObject({ status: 200 });
  });
});

// Last: it replaces the app (the helper's sign-in keeps using the first one).
describe('restart', () => {
  it('loses no pending delivery across a restart, even one claimed by a worker that died', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const c = await customerWithEndpoint(receiver.url);
    await sendAndSettle(c, [newPhone('001')]);
    // A worker claims the first delivery and dies before recording anything; then the app stops.
    expect(await claimDueDeliveries(t.db, 1, 60)).toHaveLength(1);
    await t.app.close();
    t.app = await buildApp({ config: t.config, db: t.db, sms: new SimulatorProvider(t.db), codeKey: 'another-test-key-that-is-long-enough-0123456789' }, { logger: false });
    await t.app.ready();
    // Its lease runs out.
    await t.db.update(webhookDeliveries).set({ lockedUntil: sql`now() - interval '1 second'` }).where(isNull(webhookDeliveries.deliveredAt));
    await deliverAll();
    const types = receiver.received.map((r) => r.type);
    expect(types).toEqual(['message.sent', 'message.delivered']);
    const log = (await t.app.inject({ method: 'GET', url: `/api/webhook-endpoints/${c.endpoint.id}/deliveries`, headers: { cookie: c.cookie } })).json();
    expect(log.deliveries.every((d: { status: string }) => d.status === 'succeeded')).toBe(true);
  });
});

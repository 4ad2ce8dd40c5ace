// Health, readiness, metrics and request ids, as a load balancer, Prometheus and an operator
// reading the logs meet them.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, newPhone } from '../modules/messages/messages.test-support';
import { createTestApp, type TestApp } from '../test/helper';
import { readiness } from './health.routes';

const TOKEN = 'metrics-token-0123456789';
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, READY_QUEUE_STALL_SECONDS: '60' }, { logger: { level: 'info', stream: sink } });
});
afterAll(() => t?.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('health and readiness', () => {
  it('answers /api/health without the database, and /api/ready with every check', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, provider: { ok: true }, queue: { ok: true } },
    });
  });

  it('is not ready (503) when the queue stalls, the provider is unbound, or a migration is missing', async () => {
    const { api, phone } = await customer(t, { credit: 1_000_000 });
    await api.send({ recipients: [newPhone()], message: 'Waiting' });
    await t.db.execute(sql`update messages set next_attempt_at = now() - interval '10 minutes'
      where user_id = (select id from users where phone = ${phone})`);
    const stalled = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(stalled.statusCode).toBe(503);
    expect(stalled.json().checks.queue).toMatchObject({ ok: false, detail: expect.stringMatching(/^stalled: 1 due/) });

    // A web-only instance (RUN_JOBS=false) reports the queue but stays in rotation.
    const sms = { name: 'smpp', channels: ['sms'] as const, submit: async () => ({ providerMessageId: 'x' }), onReceipt() {}, close: async () => {} };
    const webOnly = await readiness({ db: t.db, sms, runsJobs: false, queueStallSeconds: 60 });
    expect(webOnly.ready).toBe(true);
    const unbound = await readiness({ db: t.db, sms: { ...sms, status: () => ({ ok: false, detail: 'not bound' }) }, runsJobs: false, queueStallSeconds: 60 });
    expect(unbound).toMatchObject({ ready: false, checks: { provider: { ok: false, detail: 'not bound' } } });
    const newer = await readiness({ db: t.db, sms, runsJobs: false, queueStallSeconds: 60 }, Date.now() + 86_400_000);
    expect(newer.checks.migrations!.ok).toBe(false);
    await t.db.execute(sql`update messages set status = 'failed' where user_id = (select id from users where phone = ${phone})`);
  });
});

describe('/metrics', () => {
  it('needs the bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('counts requests by route pattern and reads the queue, refunds and ledger from the database', async () => {
    const { cookie, api } = await customer(t, { credit: 1_000_000 });
    await api.send({ recipients: [newPhone()], message: 'Counted' });
    await t.app.inject({ method: 'GET', url: '/api/phonebooks/4a3c2f58-0000-4000-8000-000000000000', headers: { cookie } });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.headers['content-type']).toMatch(/text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/kurir_http_requests_total\{method="POST",route="\/api\/message\/send",status="200"\} [1-9]/);
    expect(text).toContain('route="/api/phonebooks/:id"');
    expect(text).not.toContain('4a3c2f58');
    expect(text).toMatch(/kurir_http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/api\/message\/send"\}/);
    expect(text).toMatch(/^kurir_queue_due_messages [1-9]/m);
    expect(text).toMatch(/^kurir_queue_oldest_due_seconds \d/m);
    expect(text).toMatch(/^kurir_refunds \d+/m);
    expect(text).toMatch(/^kurir_ledger_problems 0$/m);
    expect(text).toMatch(/^kurir_database_up 1$/m);
    expect(text).toContain('# TYPE kurir_submits_total counter');
    expect(text).toContain('# TYPE kurir_receipts_total counter');
    expect(text).toContain('# TYPE kurir_webhook_deliveries_total counter');
    expect(text).toContain('kurir_process_cpu_seconds_total');
  });
});

describe('request ids', () => {
  it('are in the X-Request-Id header, in error bodies and in every log line of the request', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone: 'nope' } });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toMatchObject({ code: 'validation_failed', requestId: id });
    const own = lines.filter((l) => l.reqId === id);
    expect(own.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    expect(lines.filter((l) => 'req' in l || 'res' in l).every((l) => typeof l.reqId === 'string')).toBe(true);
  });

  it('ignore an incoming X-Request-Id unless TRUST_PROXY, and take a sane one behind a trusted proxy', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(direct.headers['x-request-id']).not.toBe('abc-123');
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const ok = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
      expect(ok.headers['x-request-id']).toBe('abc-123');
      const odd = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\nforged' } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });
});

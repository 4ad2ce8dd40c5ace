// Several instances on one PostgreSQL, as docs/operations.md runs them: 2 web processes
// (RUN_JOBS=false) and 2 workers, all started at once on a fresh database (the migrations take
// turns under their advisory lock), Infobip as the provider (a local stand-in). The test signs in,
// sends and posts delivery reports through both web processes, and finds sessions, sign-in
// limits and messages shared: every message submitted exactly once, none lost, money exact.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPools, type DatabaseHandle } from './db/client';
import { messages, users } from './db/schema';
import { changeBalance } from './modules/billing/ledger';
import { checkLedgerIntegrity } from './modules/billing/integrity';
import { databaseUrl } from './test/postgres';
import { startKurir, type KurirProcess } from './test/processes';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const NAME = `kurir_scale_${process.pid}_${Date.now()}`;
const SECRET = 'scale-out-webhook-secret-0123';

interface Submitted {
  messageId: string;
  to: string;
  text: string;
  callbackData: string;
}
const submitted: Submitted[] = [];
let infobip: http.Server;
let webs: KurirProcess[] = [];
let workers: KurirProcess[] = [];
let direct: DatabaseHandle;

beforeAll(async () => {
  if (!ADMIN_URL) return;
  infobip = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const m = (JSON.parse(raw) as { messages: { destinations: { to: string }[]; text: string; callbackData: string }[] }).messages[0]!;
      const messageId = `ib-${randomUUID()}`;
      submitted.push({ messageId, to: m.destinations[0]!.to, text: m.text, callbackData: m.callbackData });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: [{ messageId, status: { groupId: 1, groupName: 'PENDING', id: 26, name: 'PENDING_ACCEPTED' } }] }));
    });
  });
  await new Promise<void>((resolve) => infobip.listen(0, '127.0.0.1', resolve));
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const url = databaseUrl(ADMIN_URL, NAME);
  // Its connections may still be closing when the database is dropped (with force) at the end: the
  // server's goodbye goes to the pools' listener (openPostgresPools), not up as an uncaught error.
  direct = openPostgresPools({ connectionString: url, max: 2 }, () => {});
  const env = {
    DATABASE_URL: url,
    SECRET_KEY: 'scale-out-secret-key-that-is-long-enough-0123',
    SMS_PROVIDER: 'infobip',
    INFOBIP_BASE_URL: `http://127.0.0.1:${(infobip.address() as AddressInfo).port}`,
    INFOBIP_API_KEY: 'key',
    INFOBIP_WEBHOOK_SECRET: SECRET,
    DISPATCH_POLL_MS: '100',
    LOG_LEVEL: 'warn',
  };
  // All four at once on the empty database: the migrations must take turns.
  const started = await Promise.all([
    startKurir('main.ts', { ...env, RUN_JOBS: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '10' }),
    startKurir('main.ts', { ...env, RUN_JOBS: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '10' }),
    startKurir('worker.ts', { ...env, LOG_LEVEL: 'info' }),
    startKurir('worker.ts', { ...env, LOG_LEVEL: 'info' }),
  ]);
  webs = started.slice(0, 2);
  workers = started.slice(2);
}, 180_000);

afterAll(async () => {
  if (!ADMIN_URL) return;
  await Promise.all([...webs, ...workers].map((p) => p.stop()));
  await direct?.close();
  infobip?.closeAllConnections();
  infobip?.close();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
});

async function call(base: string, method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const codeFor = (phone: string) => {
  const last = submitted.filter((s) => `+${s.to}` === phone).at(-1);
  return /\b(\d{6})\b/.exec(last?.text ?? '')?.[1];
};

describe.skipIf(!ADMIN_URL)('2 web and 2 worker processes on one PostgreSQL', () => {
  it('share sign-in limits and sessions, send every message once, and take receipts on either web process', async () => {
    const [a, b] = webs.map((w) => w.url) as [string, string];
    const phone = '+38641888001';

    // A code requested on A: B knows of it (the resend cooldown is in the database).
    expect((await call(a, 'POST', '/api/auth/register', { phone })).status).toBe(200);
    const again = await call(b, 'POST', '/api/auth/register', { phone });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('resend_cooldown');
    // The code A sent is verified on B; the session works on A and B.
    const verify = await fetch(`${b}/api/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, code: codeFor(phone) }) });
    expect(verify.status).toBe(200);
    const cookie = verify.headers.getSetCookie().find((c) => c.startsWith('kurir_session='))!.split(';')[0]!;
    for (const base of [a, b]) expect((await call(base, 'GET', '/api/auth/me', undefined, cookie)).status).toBe(200);

    const [user] = await direct.db.select({ id: users.id, credit: users.credit }).from(users).where(eq(users.phone, phone));
    await direct.db.transaction((tx) => changeBalance(tx, { userId: user!.id, amount: 100_000_000, type: 'credit_addition', description: 'Test balance' }));

    // 10 sends of 20 recipients, alternating between the web processes, 4 at a time.
    const sends = Array.from({ length: 10 }, (_, i) => ({
      base: i % 2 === 0 ? a : b,
      recipients: Array.from({ length: 20 }, (_, j) => `+3864${String(2_000_000 + i * 100 + j).padStart(7, '0')}`),
    }));
    let charged = 0;
    for (let i = 0; i < sends.length; i += 4) {
      const results = await Promise.all(sends.slice(i, i + 4).map((s) => call(s.base, 'POST', '/api/message/send', { recipients: s.recipients, message: 'Shared queue' }, cookie)));
      for (const r of results) {
        expect(r.status).toBe(200);
        charged += Math.round(r.body.cost * 1_000_000);
      }
    }

    // The workers send them all: each exactly once.
    const ours = () => submitted.filter((s) => s.text === 'Shared queue');
    for (let i = 0; i < 300 && ours().length < 200; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500)); // a late duplicate would show now
    const ids = ours().map((s) => s.callbackData);
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);

    // Delivery reports, alternating between the web processes' webhooks.
    for (const [i, s] of ours().entries()) {
      const report = { results: [{ messageId: s.messageId, status: { groupId: 3, groupName: 'DELIVERED', id: 5, name: 'DELIVERED_TO_HANDSET' } }] };
      const res = await call(i % 2 === 0 ? a : b, 'POST', `/api/webhooks/infobip/${SECRET}`, report);
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < 100; i++) {
      const [row] = await direct.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.status, 'sent'));
      if (row!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const byStatus = await direct.db.select({ status: messages.status, n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.userId, user!.id)).groupBy(messages.status);
    expect(byStatus).toEqual([{ status: 'delivered', n: 200 }]);
    // Charged at send (what the responses said), settled at each message's final price.
    const [after] = await direct.db.select({ credit: users.credit }).from(users).where(eq(users.id, user!.id));
    const [prices] = await direct.db.select({ total: sql<number>`sum(${messages.price})::bigint`.mapWith(Number) }).from(messages).where(eq(messages.userId, user!.id));
    expect(charged).toBeGreaterThanOrEqual(prices!.total);
    expect(after!.credit).toBe(user!.credit + 100_000_000 - prices!.total); // the sign-up bonus, the top-up, the prices
    expect((await checkLedgerIntegrity(direct.db)).problems).toEqual([]);

    // The per-minute limit of a sign-in route (10 here) counts requests to A and B together.
    const limited: number[] = [];
    for (let i = 0; i < 12; i++) limited.push((await call(i % 2 === 0 ? a : b, 'POST', '/api/auth/request-verification', { phone: 'x' })).status);
    expect(limited).toEqual([...Array(10).fill(400), 429, 429]);

    // Logging out on B ends the session on A too.
    expect((await call(b, 'POST', '/api/auth/logout', undefined, cookie)).status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/me', undefined, cookie)).status).toBe(401);
    console.log(`scale-out: 2 web + 2 workers, 200 messages submitted ${ids.length} times (distinct ${new Set(ids).size}), 200 delivered, charged ${charged / 1e6} €`);
  }, 180_000);
});

// PostgreSQL goes away in the middle of sends (its connections cut, new ones refused) and comes
// back: during the outage every request fails cleanly with 503 { message, code }, never a 500 or
// a crash; afterwards the server serves again by itself, and the money is exactly right.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { changeBalance } from '../modules/billing/ledger';
import { checkLedgerIntegrity } from '../modules/billing/integrity';
import { SimulatorProvider } from '../providers/sms/simulator/simulator';
import { startTcpProxy } from '../test/tcp-proxy';
import { databaseUrl } from '../test/postgres';
import { openDatabase, openPostgresPools, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { messages, simulatorOutbox, users } from './schema';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const NAME = `kurir_fault_${process.pid}_${Date.now()}`;
const PHONE = '+38641777001';

let direct: DatabaseHandle;
let proxied: DatabaseHandle;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;

beforeAll(async () => {
  if (!ADMIN_URL) return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const url = new URL(databaseUrl(ADMIN_URL, NAME));
  // Its connections may still be closing when the database is dropped (with force) at the end: the
  // server's goodbye goes to the pools' listener (openPostgresPools), not up as an uncaught error.
  direct = openPostgresPools({ connectionString: url.toString(), max: 2 }, () => {});
  await runMigrations(direct);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-pgloss-'));
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    DATABASE_POOL_SIZE: '5',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  proxied = await openDatabase(config.database, () => {});
  app = await buildApp({ config, db: proxied.db, sms: new SimulatorProvider(proxied.db), codeKey: 'k'.repeat(40) }, { logger: false });
  await app.ready();
});

afterAll(async () => {
  if (!ADMIN_URL) return;
  await app?.close();
  await proxied?.close().catch(() => {});
  await proxy?.close();
  await direct?.close();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<string> {
  expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone: PHONE } })).statusCode).toBe(200);
  const [row] = await direct.db.select({ text: simulatorOutbox.text }).from(simulatorOutbox).where(eq(simulatorOutbox.to, PHONE));
  const code = /\b(\d{6})\b/.exec(row!.text)![1];
  const verify = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone: PHONE, code } });
  return `kurir_session=${verify.cookies.find((c) => c.name === 'kurir_session')!.value}`;
}

describe.skipIf(!ADMIN_URL)('PostgreSQL dropped and restored mid-send', () => {
  it('answers 503 with a message during the outage, then recovers by itself with the money right', async () => {
    const cookie = await signIn();
    const [user] = await direct.db.select({ id: users.id }).from(users).where(eq(users.phone, PHONE));
    await direct.db.transaction((tx) => changeBalance(tx, { userId: user!.id, amount: 100_000_000, type: 'credit_addition', description: 'Test balance' }));

    let n = 0;
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/message/send',
        headers: { cookie },
        payload: { recipient: `+3864${String(1_000_000 + n++).padStart(7, '0')}`, message: 'Mid-send outage' },
      });
    const statuses = new Map<number, number>();
    const bad: string[] = [];
    const record = (res: Awaited<ReturnType<typeof send>>, phase: string) => {
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 503) {
        const body = res.json();
        if (body.code !== 'service_unavailable' || typeof body.message !== 'string') bad.push(`${phase}: ${res.body}`);
      } else if (res.statusCode !== 200) bad.push(`${phase}: ${res.statusCode} ${res.body}`);
    };

    // Sends in flight when the connections are cut.
    const inFlight = Array.from({ length: 20 }, () => send());
    await new Promise((resolve) => setTimeout(resolve, 15));
    proxy.cut();
    for (const res of await Promise.all(inFlight)) record(res, 'cut');

    // The outage: sends, reads and readiness all fail cleanly; health (no database) still answers.
    for (let i = 0; i < 10; i++) {
      const res = await send();
      record(res, 'outage');
      expect(res.statusCode).toBe(503);
    }
    const history = await app.inject({ method: 'GET', url: '/api/sms/history', headers: { cookie } });
    expect(history.statusCode).toBe(503);
    expect(history.json()).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/temporarily unavailable/) });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Back: no restart, the pool reconnects on its own.
    proxy.restore();
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      const res = await send();
      recovered = res.statusCode === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(true);
    for (let i = 0; i < 5; i++) record(await send(), 'after');
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    // A second cut while the pool's connections sit idle: the pool reports it as an event, which
    // must not bring the process down; the next request after the restore works.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(proxy.connections).toBeGreaterThan(0);
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    proxy.restore();
    record(await send(), 'after idle cut');

    console.log(`connection loss: ${n} sends, by status ${[...statuses].map(([s, c]) => `${s}×${c}`).join(', ')}`);
    expect(bad).toEqual([]);
    expect(statuses.get(503)).toBeGreaterThanOrEqual(10);
    // Every charged send has its messages and every message its charge: the ledger adds up.
    const report = await checkLedgerIntegrity(direct.db);
    expect(report.problems).toEqual([]);
    const [count] = await direct.db.select({ n: sql<number>`count(*)::int` }).from(messages);
    expect(count!.n).toBeGreaterThanOrEqual(statuses.get(200) ?? 0);
  });
});

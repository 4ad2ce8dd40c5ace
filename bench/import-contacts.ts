// How fast one request imports 50 000 contacts (or ROWS=n) into a phonebook, through the real app
// (app.inject: JSON parsing, zod, per-row checks with libphonenumber, one transaction).
// Runs on PGlite; with DATABASE_URL (a PostgreSQL server URL) also on a fresh database there.
//   node --import tsx bench/import-contacts.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/import-contacts.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { wrapPglite, wrapPool, type DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { simulatorOutbox } from '../apps/server/src/db/schema';
import { SimulatorProvider } from '../apps/server/src/providers/sms/simulator/simulator';
import { grantProduct } from '../apps/server/src/test/products';
import { databaseUrl } from '../apps/server/src/test/postgres';

const ROWS = Number(process.env.ROWS ?? 50_000);
const RUNS = 3;
const PHONE = '+38641999001';

async function bench(label: string, handle: DatabaseHandle) {
  await runMigrations(handle);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none'), SECRET_KEY: 'bench-secret-key-0123456789-0123456789' });
  const sms = new SimulatorProvider(handle.db);
  const app = await buildApp({ config, db: handle.db, sms, codeKey: 'bench-secret-key-0123456789-0123456789' }, { logger: false });
  await app.ready();
  try {
    const cookie = await signIn(app, handle, PHONE);
    await grantProduct(handle.db, PHONE, 'Phonebook');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    const entries = Array.from({ length: ROWS }, (_, i) => ({
      name: `Contact ${i}`,
      phone_number: `+3864${String(i).padStart(7, '0')}`,
      email: i % 2 ? `c${i}@example.com` : '',
      notes: i % 3 ? '' : 'imported by the benchmark',
    }));
    const payload = JSON.stringify({ entries });

    const times: number[] = [];
    const cpuTimes: number[] = [];
    let phonebookId = '';
    for (let run = 0; run < RUNS; run++) {
      phonebookId = (await call('POST', '/api/phonebooks', { name: `Bench ${run}` })).json().phonebook.id;
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await app.inject({
        method: 'POST',
        url: `/api/phonebooks/${phonebookId}/entries/bulk`,
        headers: { cookie, 'content-type': 'application/json' },
        payload,
      });
      const ms = performance.now() - started;
      const { user, system } = process.cpuUsage(cpu);
      const body = res.json();
      if (res.statusCode !== 200 || body.imported !== ROWS) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const count = (await call('GET', `/api/phonebooks/${phonebookId}`)).json().phonebook.contact_count;
      if (count !== ROWS) throw new Error(`contact_count is ${count}, expected ${ROWS}`);
      times.push(ms);
      cpuTimes.push((user + system) / 1000);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;

    // The same file again: every row is a duplicate of a saved contact.
    let started = performance.now();
    const again = await app.inject({ method: 'POST', url: `/api/phonebooks/${phonebookId}/entries/bulk`, headers: { cookie, 'content-type': 'application/json' }, payload });
    const againMs = performance.now() - started;
    if (again.json().skipped_duplicates !== ROWS) throw new Error('re-import did not skip every row');

    started = performance.now();
    const list = await call('GET', `/api/phonebooks/${phonebookId}/entries`);
    const listMs = performance.now() - started;
    if (list.json().entries.length !== ROWS) throw new Error('entries list is incomplete');

    started = performance.now();
    const csv = await call('GET', `/api/phonebooks/${phonebookId}/export.csv`);
    const csvMs = performance.now() - started;
    if (csv.body.split('\r\n').length !== ROWS + 2) throw new Error('export is incomplete');

    const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`${label}: import of ${ROWS} contacts (${(payload.length / 1048576).toFixed(1)} MiB JSON), ${RUNS} runs: ` +
      `${times.map(f).join(', ')}; median ${f(median)} = ${Math.round(ROWS / (median / 1000))} rows/s; contact_count verified`);
    console.log(`${label}: CPU time of this process per import: ${cpuTimes.map(f).join(', ')}` +
      (label.startsWith('PGlite') ? ' (includes the database engine)' : ' (the app only; the PostgreSQL server works apart)'));
    console.log(`${label}: same file again (all duplicates) ${f(againMs)}; GET entries ${f(listMs)}; export.csv ${f(csvMs)}`);
  } finally {
    await app.close();
    await sms.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, handle: DatabaseHandle, phone: string) {
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone } });
  const [row] = await handle.db.select({ text: simulatorOutbox.text }).from(simulatorOutbox).where(eq(simulatorOutbox.to, phone)).orderBy(desc(simulatorOutbox.createdAt)).limit(1);
  const code = row?.text.match(/\b(\d{6})\b/)?.[1];
  const res = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone, code } });
  const cookie = res.cookies.find((c) => c.name === 'kurir_session');
  if (!cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return `kurir_session=${cookie.value}`;
}

async function main() {
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const pglite = wrapPglite(new PGlite());
  try {
    await bench('PGlite (in memory)', pglite);
  } finally {
    await pglite.close();
  }

  const url = process.env.DATABASE_URL;
  if (!url) return;
  const name = `kurir_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const postgres = wrapPool(new pg.Pool({ connectionString: databaseUrl(url, name), max: 10 }));
  try {
    await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    // The pool has ended, but a busy server may not have closed those sessions yet; a forced
    // drop would kill them under the pool's feet.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1 and backend_type = $2', [name, 'client backend']);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();

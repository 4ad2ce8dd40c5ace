// What the database benches share, so each of them holds only what it measures: the machine line
// printed before the figures, the run on PGlite and on a fresh PostgreSQL database, and the real
// app on that database with one user signed in through the API.
// smpp-throughput does not use it: it opens its database from the config (PGlite in a folder, as
// the product does, or an empty database it is given) and needs neither the app nor a session.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createPool, pgliteExtensions, wrapPglite, wrapPool, type Database, type DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { simulatorOutbox } from '../apps/server/src/db/schema';
import { SimulatorProvider } from '../apps/server/src/providers/sms/simulator/simulator';
import { databaseUrl } from '../apps/server/src/test/postgres';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

const SECRET = 'bench-secret-key-0123456789-0123456789';

type Bench = (label: string, handle: DatabaseHandle) => Promise<void>;

/**
 * A bench's entry point: prints the machine line, then runs `bench` on a migrated PGlite in
 * memory and, when DATABASE_URL names a PostgreSQL server, on a fresh migrated database there
 * (kurir_bench_<database>_<pid>, `poolSize` connections), dropped afterwards (kept with
 * KEEP_DATABASE=1, to look at its plans). The label
 * ('PGlite (in memory)' or 'PostgreSQL') starts every line a bench prints. A failure prints its
 * error and exits non-zero, so a script running the benches notices.
 */
export function runBench(options: { database: string; poolSize: number }, bench: Bench): void {
  // Figures mean little without the machine and its load at the time (other work shares it).
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  runOnEachDatabase(options.database, options.poolSize, bench).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

async function runOnEachDatabase(name: string, poolSize: number, bench: Bench): Promise<void> {
  // SKIP_PGLITE=1 measures PostgreSQL only (a second look at a change without the long PGlite load).
  // PGLITE_DIR=<empty folder> keeps PGlite's files there, as `npm start` does, instead of in memory
  // (whose tables then count in the process's RSS).
  if (process.env.SKIP_PGLITE !== '1') {
    const dataDir = process.env.PGLITE_DIR;
    const pglite = wrapPglite(new PGlite({ dataDir, extensions: pgliteExtensions }));
    try {
      await runMigrations(pglite);
      await bench(dataDir ? 'PGlite (in a folder)' : 'PGlite (in memory)', pglite);
    } finally {
      await pglite.close();
    }
  }

  const url = process.env.DATABASE_URL;
  if (!url) return;
  const database = `kurir_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const postgres = wrapPool(createPool({ connectionString: databaseUrl(url, database), max: poolSize }));
  try {
    await runMigrations(postgres);
    await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    if (process.env.KEEP_DATABASE === '1') {
      console.log(`PostgreSQL: kept database ${database} (KEEP_DATABASE=1)`);
    } else {
      // The pool has ended, but a busy server may not have closed those sessions yet; a forced
      // drop would kill them under the pool's feet.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1 and backend_type = $2', [database, 'client backend']);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists ${database} with (force)`);
    }
    await admin.end();
  }
}

/**
 * Builds the real app on `handle` (SMS through the simulator, whose outbox holds the sign-in code;
 * a throwaway data folder; `env` on top of the config), signs `phone` in through the API, and runs
 * `bench` with the app and the session cookie header. The app and the folder are gone afterwards.
 */
export async function withSignedInApp(
  handle: DatabaseHandle,
  options: { phone: string; env?: Record<string, string> },
  bench: (app: BenchApp, cookie: string) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none'), SECRET_KEY: SECRET, ...options.env });
  const sms = new SimulatorProvider(handle.db);
  const app = await buildApp({ config, db: handle.db, sms, codeKey: SECRET }, { logger: false });
  await app.ready();
  try {
    await bench(app, await signIn(app, handle.db, options.phone));
  } finally {
    await app.close();
    await sms.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Registers `phone` as a customer would, with the code the simulator "sent"; returns the cookie header. */
async function signIn(app: BenchApp, db: Database, phone: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone } });
  const [row] = await db.select({ text: simulatorOutbox.text }).from(simulatorOutbox).where(eq(simulatorOutbox.to, phone)).orderBy(desc(simulatorOutbox.createdAt)).limit(1);
  const code = row?.text.match(/\b(\d{6})\b/)?.[1];
  const res = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone, code } });
  const cookie = res.cookies.find((c) => c.name === 'kurir_session');
  if (!cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return `kurir_session=${cookie.value}`;
}

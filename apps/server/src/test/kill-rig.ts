// What the kill -9 fault tests share: a fresh migrated PostgreSQL database of their own, a fake
// SMSC whose answers take a few milliseconds (so the window is full when the kill comes), the
// environment of a Kurir process dispatching to it, and a wait for a condition.
import pg from 'pg';
import { wrapPool, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { FakeSmsc } from '../providers/sms/smpp/fake-smsc';
import { databaseUrl } from './postgres';

export interface KillRig {
  smsc: FakeSmsc;
  /** A pool of the test's own on the database, for setting up and checking. */
  direct: DatabaseHandle;
  /** The environment of a Kurir process (web or worker) on the database, over SMPP to the SMSC. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startKillRig(adminUrl: string, name: string, options: { inFlight: number; secretKey: string; env?: Record<string, string> }): Promise<KillRig> {
  const smsc = await FakeSmsc.start({ onSubmit: () => ({ delayMs: 2 + Math.floor(Math.random() * 15) }) });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const direct = wrapPool(new pg.Pool({ connectionString: url, max: 4 }));
  await runMigrations(direct);
  const env = {
    DATABASE_URL: url,
    SECRET_KEY: options.secretKey,
    SMS_PROVIDER: 'smpp',
    SMPP_HOST: '127.0.0.1',
    SMPP_PORT: String(smsc.port),
    SMPP_SYSTEM_ID: 'kurir',
    SMPP_PASSWORD: 'secret',
    SMPP_WINDOW: String(options.inFlight),
    SMPP_THROUGHPUT: '0',
    DISPATCH_CONCURRENCY: String(options.inFlight),
    DISPATCH_LEASE_SECONDS: '5',
    DISPATCH_POLL_MS: '100',
    ...options.env,
  };
  return {
    smsc,
    direct,
    env,
    async close() {
      await smsc.stop();
      await direct.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Resolves once `done` holds; fails the test after `ms`. */
export async function until(what: string, done: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// What the kill -9 fault tests share: a fresh migrated PostgreSQL database of their own, a fake
// SMSC whose answers take a few milliseconds (so the window is full when the kill comes), the
// environment of a Kurir process dispatching to it, and a wait for a condition.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { wrapPool, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { messages, transactions, users } from '../db/schema';
import { changeBalance } from '../modules/billing/ledger';
import { checkLedgerIntegrity } from '../modules/billing/integrity';
import { FakeSmsc } from '../providers/sms/smpp/fake-smsc';
import { databaseUrl } from './postgres';

export interface KillRig {
  smsc: FakeSmsc;
  /** A pool of the test's own on the database, for setting up and checking. */
  direct: DatabaseHandle;
  /** The environment of a Kurir process (web or worker) on the database, over SMPP to the SMSC. */
  env: Record<string, string>;
  /** That environment's configuration, for calling the app's services from the test. */
  config: Config;
  /** A customer with this balance (micro-euros); returns the user id. */
  fundedUser(phone: string, credit: number): Promise<string>;
  /** The user's messages, or those in one status. */
  messageCount(userId: string, status?: 'sent' | 'delivered'): Promise<number>;
  /** Each recipient's submit_sm, as their positions in the SMSC's log. */
  submitsPerRecipient(): Map<string, number[]>;
  /** Where the user's money stands: balance, the messages' final prices, refunds, the ledger's problems. */
  moneyOf(userId: string): Promise<{ credit: number; charged: number; settled: number; refunds: number; ledgerProblems: unknown[] }>;
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
  const db = direct.db;
  return {
    smsc,
    direct,
    env,
    config: loadConfig({ DATABASE_URL: url, SECRET_KEY: options.secretKey, LOG_LEVEL: 'silent' }),
    async fundedUser(phone, credit) {
      const [user] = await db.insert(users).values({ phone }).returning({ id: users.id });
      await db.transaction((tx) => changeBalance(tx, { userId: user!.id, amount: credit, type: 'credit_addition', description: 'Test balance' }));
      return user!.id;
    },
    async messageCount(userId, status) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(sql`${messages.userId} = ${userId}::uuid and (${status ?? null}::text is null or ${messages.status} = ${status ?? null})`);
      return row!.n;
    },
    submitsPerRecipient() {
      const per = new Map<string, number[]>();
      smsc.submits.forEach((s, index) => {
        const to = String(s.pdu.destination_addr);
        per.set(to, [...(per.get(to) ?? []), index]);
      });
      return per;
    },
    async moneyOf(userId) {
      const [user] = await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
      const [prices] = await db
        .select({ charged: sql<number>`coalesce(sum(${messages.price}), 0)::bigint`.mapWith(Number), settled: sql<number>`count(${messages.settledAt})::int` })
        .from(messages)
        .where(eq(messages.userId, userId));
      const refunds = await db.select().from(transactions).where(sql`${transactions.userId} = ${userId}::uuid and ${transactions.type} = 'refund'`);
      return { credit: user!.credit, charged: prices!.charged, settled: prices!.settled, refunds: refunds.length, ledgerProblems: (await checkLedgerIntegrity(db)).problems };
    },
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

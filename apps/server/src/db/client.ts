// Opens the database the configuration names: PGlite in a folder (embedded default) or a
// PostgreSQL pool. Both give the same Drizzle API over the same schema and migrations.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import type { Config } from '../config';
import { takeDataDirLock } from './data-dir-lock';

/** Extensions the migrations create (pg_trgm: the admin searches); every PGlite must load them. */
export const pgliteExtensions = { pg_trgm };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(...)`. Use it, never the global one, inside a transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool, when that is what we run on (migrations need one dedicated connection). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export function wrapPglite(client: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async close() {
      await client.close();
      onClose();
    },
  };
}

/** A PostgreSQL pool, and the send and record pools beside it when there are (createSendPool, createRecordPool). */
export function wrapPool(pool: pg.Pool, sendPool?: pg.Pool, recordPool?: pg.Pool): DatabaseHandle {
  const over = (p: pg.Pool) => drizzlePg(p, { schema }) as unknown as Database;
  const db = over(pool);
  sidePools.set(db, { send: sendPool && over(sendPool), record: recordPool && over(recordPool) });
  return {
    db,
    kind: 'postgres',
    pool,
    async close() {
      await pool.end();
      await sendPool?.end();
      await recordPool?.end();
    },
  };
}

/** The send and record pools beside a main pool's `Database`, where it has them. */
const sidePools = new WeakMap<Database, { send?: Database; record?: Database }>();

/** Where a send group's statement runs: `db`'s send pool, or `db` itself (PGlite, a pool without one). */
export function sendGroupDatabase(db: Database): Database {
  return sidePools.get(db)?.send ?? db;
}

/** Where the dispatcher's records of the provider's answers run: `db`'s record pool, or `db` itself (PGlite, a pool without one). */
export function recordDatabase(db: Database): Database {
  return sidePools.get(db)?.record ?? db;
}

/**
 * The main pool's settings, those our short statements want, given to each connection as startup
 * options (no query at connect):
 * - The hot statements are named prepared statements (db/query-rows.ts). PostgreSQL would switch
 *   one to a generic plan after five runs, chosen once and kept: a plan made while the messages
 *   table was nearly empty scanned the whole table later (27 ms instead of 0.1 ms per call). Each
 *   call is planned for its values instead; the statements are still parsed only once.
 * - No JIT: a receipt batch whose estimated cost crossed jit_above_cost (statistics lagging behind
 *   a campaign) spent 30 ms compiling to run 1 ms. Nothing here runs long enough to win it back.
 * Behind PgBouncer, which refuses startup options unless told to ignore them, set the two on the
 * role instead (docs/operations.md).
 */
export const MAIN_POOL_OPTIONS = '-c plan_cache_mode=force_custom_plan -c jit=off';

/**
 * For a transaction that inserts many rows into a table with a foreign key (a contact import).
 * PostgreSQL checks each row's key with a saved plan of its own, and force_custom_plan (above)
 * applies to that plan too: it was made again for every row, 500 000 times in a 500 000-row
 * import (bench/history.md, import-stream). With PostgreSQL's default for the rest of the
 * transaction, the check is planned once; the transaction's own statements are unnamed, planned
 * for their values either way.
 */
export async function planKeyChecksOnce(tx: Tx): Promise<void> {
  await tx.execute(sql`set local plan_cache_mode = auto`);
}

/** The main pool: every statement but the send group's and the records' (below). */
export function createPool(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ ...config, options: MAIN_POOL_OPTIONS });
}

/**
 * The pool of the group commit's statement (messages.repo.ts insertSendGroup), whose connections
 * let PostgreSQL keep a generic plan. That statement is a dozen CTEs, and planning it for each
 * call's values took ~0.7 ms of every group, a fifth of its time in the database (the bind step,
 * in the peer benchmark's statement log); a generic plan is made once per connection. Its values
 * are one JSON document per CTE and the users it locks by key, so no plan for particular values
 * is better, and an ANALYZE of users (the only table it reads) re-plans it. PGlite keeps its
 * plan too (query-rows.ts, onPglite: 'kept'). Two connections: the group commit writes at most
 * two groups at a time (send-group-commit.ts).
 */
export function createSendPool(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ ...config, max: 2, options: '-c jit=off' });
}

/**
 * The settings of the record pool: the statements that record what the provider answered, one
 * per batch and so a couple per message: mark sent (lifecycle/message-store.ts) and the receipt
 * match that settles deliveries (lifecycle/settlement.ts). Planned for each call's values, as on
 * the main pool, their planning took 0.34 and 0.8 ms a call, 40 % of mark sent's time in the
 * database. Here each is planned once per connection, for any values (force_generic_plan). A
 * generic plan is what the main pool avoids, since one made on a nearly empty table scanned the
 * whole table later; these statements find every row they touch by key (the batch's ids, the
 * provider's ids), so with sequential scans, hash and merge joins priced out of reach their one
 * plan walks the keys' indexes whatever the statistics say (lifecycle/statement-plans.test.ts
 * holds it on a never-analysed table). On PGlite these statements keep the same plan, made with
 * these settings for each call (query-rows.ts RECORD_PLAN).
 */
export const RECORD_POOL_SETTINGS: Readonly<Record<string, string>> = {
  plan_cache_mode: 'force_generic_plan',
  enable_seqscan: 'off',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
  jit: 'off',
};

/** RECORD_POOL_SETTINGS as a connection's startup options. */
export const RECORD_POOL_OPTIONS = Object.entries(RECORD_POOL_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

/** Three connections: the acceptance recorder writes two groups at a time (jobs/acceptance-recorder.ts) and the receipt handler one. */
export function createRecordPool(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ ...config, max: 3, options: RECORD_POOL_OPTIONS });
}

/** Where the pool reports a connection lost while idle (PostgreSQL restarted, network cut). */
type PoolErrorLog = (error: Error) => void;

/**
 * The process's PostgreSQL pools over `config` (createPool, with createSendPool and
 * createRecordPool beside it), each with `onError` as its listener: without one, an idle
 * connection's error would be thrown and end the process.
 */
export function openPostgresPools(config: pg.PoolConfig, onError: PoolErrorLog): DatabaseHandle {
  const pool = createPool(config);
  const sendPool = createSendPool(config);
  const recordPool = createRecordPool(config);
  for (const p of [pool, sendPool, recordPool]) p.on('error', onError);
  return wrapPool(pool, sendPool, recordPool);
}
const logToStderr: PoolErrorLog = (error) => console.error(`PostgreSQL connection lost (the pool reconnects on demand): ${error.message}`);

export async function openDatabase(config: Config['database'], onPoolError: PoolErrorLog = logToStderr): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    // A connection attempt that hangs (a partitioned network) fails after 5 s instead of holding
    // the request forever; the error handler turns it into a 503.
    const handle = openPostgresPools({ connectionString: config.url, max: config.poolSize, connectionTimeoutMillis: 5000 }, onPoolError);
    await handle.pool!.query('select 1');
    return handle;
  }
  fs.mkdirSync(config.dir, { recursive: true });
  const releaseLock = takeDataDirLock(config.dir);
  try {
    const client = await PGlite.create(config.dir, { extensions: pgliteExtensions });
    return wrapPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

// Opens the database the configuration names: PGlite in a folder (embedded default) or a
// PostgreSQL pool. Both give the same Drizzle API over the same schema and migrations.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
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

/** A PostgreSQL pool, and the send pool beside it when there is one (createSendPool). */
export function wrapPool(pool: pg.Pool, sendPool?: pg.Pool): DatabaseHandle {
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  if (sendPool) sendDatabases.set(db, drizzlePg(sendPool, { schema }) as unknown as Database);
  return {
    db,
    kind: 'postgres',
    pool,
    async close() {
      await pool.end();
      await sendPool?.end();
    },
  };
}

const sendDatabases = new WeakMap<Database, Database>();

/** Where a send group's statement runs: `db`'s send pool, or `db` itself (PGlite, a pool without one). */
export function sendGroupDatabase(db: Database): Database {
  return sendDatabases.get(db) ?? db;
}

/**
 * A PostgreSQL pool whose connections start with the settings our short statements want (as
 * startup options: no query at connect):
 * - The hot statements are named prepared statements (db/query-rows.ts). PostgreSQL would switch
 *   one to a generic plan after five runs, chosen once and kept: a plan made while the messages
 *   table was nearly empty scanned the whole table later (27 ms instead of 0.1 ms per call). Each
 *   call is planned for its values instead; the statements are still parsed only once.
 * - No JIT: a receipt batch whose estimated cost crossed jit_above_cost (statistics lagging behind
 *   a campaign) spent 30 ms compiling to run 1 ms. Nothing here runs long enough to win it back.
 * Behind PgBouncer, which refuses startup options unless told to ignore them, set the two on the
 * role instead (docs/operations.md).
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ ...config, options: '-c plan_cache_mode=force_custom_plan -c jit=off' });
}

/**
 * The pool of the group commit's statement (messages.repo.ts insertSendGroup), whose connections
 * let PostgreSQL keep a generic plan. That statement is a dozen CTEs, and planning it for each
 * call's values took ~0.7 ms of every group, a fifth of its time in the database (the bind step,
 * in the peer benchmark's statement log); a generic plan is made once per connection. Its values
 * are one JSON document per CTE and the users it locks by key, so no plan for particular values
 * is better, and an ANALYZE of users (the only table it reads) re-plans it. Two connections: the
 * group commit writes at most two groups at a time (send-group-commit.ts).
 */
export function createSendPool(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ ...config, max: 2, options: '-c jit=off' });
}

/** Where the pool reports a connection lost while idle (PostgreSQL restarted, network cut). */
type PoolErrorLog = (error: Error) => void;

/**
 * The process's PostgreSQL pools over `config` (createPool, and createSendPool beside it), each
 * with `onError` as its listener: without one, an idle connection's error would be thrown and
 * end the process.
 */
export function openPostgresPools(config: pg.PoolConfig, onError: PoolErrorLog): DatabaseHandle {
  const pool = createPool(config);
  const sendPool = createSendPool(config);
  pool.on('error', onError);
  sendPool.on('error', onError);
  return wrapPool(pool, sendPool);
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

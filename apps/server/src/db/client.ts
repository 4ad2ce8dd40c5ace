// Opens the database the configuration names: PGlite in a folder (embedded default) or a
// PostgreSQL pool. Both give the same Drizzle API over the same schema and migrations.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import type { Config } from '../config';

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

export function wrapPool(pool: pg.Pool): DatabaseHandle {
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    await pool.query('select 1');
    return wrapPool(pool);
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

/**
 * PGlite is one process only: two processes opening one folder corrupt it. A lock file with our
 * pid refuses the second; a lock left by a dead process is taken over.
 */
function takeDataDirLock(dir: string): () => void {
  const lockPath = path.join(dir, '..', 'kurir.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new Error(
          `The data folder ${path.dirname(lockPath)} is in use by process ${pid}. ` +
            'Stop it, or point DATA_DIR at another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

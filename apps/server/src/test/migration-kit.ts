// For tests of one migration on a database that already has data: the migrations folder cut
// before it, and an empty database (a new PGlite, or a new PostgreSQL database when the project
// is api-postgres) that can be migrated to either folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { createPool, pgliteExtensions, wrapPglite, wrapPool, type DatabaseHandle } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { createDatabaseFromTemplate } from './postgres';

/** A temporary copy of the migrations folder holding the migrations up to `lastIdx` (its SQL files and a journal cut there). */
function migrationsUpTo(lastIdx: number): { folder: string; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `kurir-migrations-${lastIdx}-`));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

interface MigratableDatabase {
  handle: DatabaseHandle;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database, not the migrated test template. */
async function emptyDatabase(): Promise<MigratableDatabase> {
  if (process.env.KURIR_TEST_DB !== 'postgres') {
    const handle = wrapPglite(new PGlite({ extensions: pgliteExtensions }));
    return {
      handle,
      migrate: (folder) => migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder }),
      close: () => handle.close(),
    };
  }
  // template1, as a plain CREATE DATABASE.
  const database = await createDatabaseFromTemplate(process.env.TEST_DATABASE_URL!, 'template1');
  const pool = createPool({ connectionString: database.url, max: 1 });
  pool.on('error', () => {});
  const handle = wrapPool(pool);
  return {
    handle,
    async migrate(folder) {
      const client = await pool.connect();
      try {
        await migratePg(drizzle(client), { migrationsFolder: folder });
      } finally {
        client.release();
      }
    },
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * For a test file: an empty database, opened before its tests and dropped after them, and the
 * migrations folder cut after `lastIdx`, the state to migrate from.
 */
export function databaseBeforeMigration(lastIdx: number) {
  const before = migrationsUpTo(lastIdx);
  let database: MigratableDatabase | undefined;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(async () => {
    await database?.close();
    before.remove();
  });
  return {
    oldFolder: before.folder,
    get handle() {
      return database!.handle;
    },
    migrate: (folder: string) => database!.migrate(folder),
  };
}

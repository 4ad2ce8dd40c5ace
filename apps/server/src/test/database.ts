// A fresh, migrated database for one test file: PGlite from the tarball the global setup made,
// or a PostgreSQL database from the template, as the project (KURIR_TEST_DB) says.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPostgresPools, pgliteExtensions, wrapPglite, type DatabaseHandle } from '../db/client';
import { createDatabaseFromTemplate } from './postgres';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.KURIR_TEST_DB === 'postgres') {
    const created = await createDatabaseFromTemplate(process.env.TEST_DATABASE_URL!, inject('postgresTemplate'));
    // An idle client ended by the server (database dropped at teardown) must not crash the run.
    const handle = openPostgresPools({ connectionString: created.url, max: 20 }, () => {});
    return { ...handle, close: async () => { await handle.close(); await created.drop(); } };
  }
  const tar = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return wrapPglite(await PGlite.create({ loadDataDir: tar, extensions: pgliteExtensions }));
}

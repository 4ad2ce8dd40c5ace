// Migrates one PGlite database and saves it as a tarball; every test file starts from a copy
// (much faster than migrating a new database per file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, wrapPglite } from '../db/client';
import { runMigrations } from '../db/migrate';

export default async function setup(project: TestProject) {
  const handle = wrapPglite(new PGlite({ extensions: pgliteExtensions }));
  await runMigrations(handle);
  const pglite = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

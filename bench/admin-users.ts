// How fast the admin users list answers with 100 000 users: filters, search, sorts and pages,
// through the same repo function the route calls (findUsersPage: the page and the total).
// Runs on PGlite; with DATABASE_URL (a PostgreSQL server URL) also on a fresh database there.
//   node --import tsx bench/admin-users.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/admin-users.ts
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { adminUsersQuerySchema } from '@kurir/core';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { findUsersPage } from '../apps/server/src/modules/admin/users/users.repo';
import { runBench } from './support';
import { formatMs, loadWithoutIndexes, timeRuns } from './timing';

const USERS = Number(process.env.USERS ?? 100_000);
const RUNS = 5;

const QUERIES: [string, Record<string, string>][] = [
  ['default (active, last login desc), page 1', {}],
  ['default, page 2 000 (offset 39 980)', { page: '2000' }],
  ['all statuses, sort credit asc, page 100', { status: 'all', sort: 'credit', order: 'asc', page: '100' }],
  ['sort by display name, page 1', { sort: 'user', order: 'asc' }],
  ['role slave + inactive', { status: 'inactive', role: 'slave' }],
  ['search a surname ("novak")', { search: 'novak' }],
  ['search phone digits ("4012345")', { search: '4012345' }],
  ['search a company ("acme 77")', { status: 'all', search: 'acme 77' }],
  ['search matching nothing ("zanzibar")', { search: 'zanzibar' }],
];

async function load(handle: DatabaseHandle) {
  await loadWithoutIndexes(handle.db, 'users', async () => {
    await handle.db.execute(sql`
      insert into users (phone, first_name, last_name, company_name, role, status, credit, last_login, created_at)
      select '+3864' || lpad(g::text, 7, '0'),
             (array['Ana','Bojan','Cene','Dara','Eva','Filip','Gaja','Hana'])[1 + g % 8],
             (array['Novak','Horvat','Kovacic','Krajnc','Zupancic','Potocnik','Mlakar','Kos','Vidmar','Golob'])[1 + (g / 8) % 10] || case when g % 97 = 0 then '' else '' end,
             case when g % 3 = 0 then 'Acme ' || g || ' d.o.o.' end,
             (array['user','user','user','user','user','user','user','user','slave','admin'])[1 + g % 10],
             case when g % 7 = 0 then 'inactive' else 'active' end,
             (g * 7919 % 100000) * 1000,
             case when g % 11 = 0 then null else now() - (g * 37 % 500000) * interval '1 minute' end,
             now() - g * interval '5 minutes'
      from generate_series(1, ${USERS}::int) g`);
  });
}

async function bench(label: string, handle: DatabaseHandle) {
  const started = performance.now();
  await load(handle);
  console.log(`${label}: loaded ${USERS} users and built the indexes in ${formatMs(performance.now() - started)}`);
  for (const [name, raw] of QUERIES) {
    const query = adminUsersQuerySchema.parse(raw);
    await timeRuns(`${label}: users ${name}`, RUNS, () => findUsersPage(handle.db, query), (r) => `total ${r.total}, ${r.rows.length} rows`);
  }
}

runBench({ database: 'admin_users', poolSize: 4 }, bench);

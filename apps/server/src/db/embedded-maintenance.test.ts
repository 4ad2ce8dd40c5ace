// PGlite's stand-in for autovacuum: autovacuum's thresholds, and on a real embedded database the
// tables it finds due are vacuumed and analysed, after which the planner knows their size.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { maintainEmbeddedDatabase, tablesDue, type TableCounters } from './embedded-maintenance';
import { queryRows } from './query-rows';
import { openTestDatabase } from '../test/database';

const table = (over: Partial<TableCounters>): TableCounters => ({
  table: 't',
  reltuples: 10_000,
  hasPages: true,
  deadRows: 0,
  changedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  ...over,
});

describe('which tables are due', () => {
  it('uses autovacuum default thresholds', () => {
    // 10 000 rows: vacuum past 50 + 2 000 dead rows or 1 000 + 2 000 inserts, analyse past 50 + 1 000 changes.
    expect(tablesDue([table({ deadRows: 2050 })])).toEqual({ vacuum: [], analyze: [] });
    expect(tablesDue([table({ deadRows: 2051 })])).toEqual({ vacuum: ['t'], analyze: [] });
    expect(tablesDue([table({ insertedSinceVacuum: 3001 })])).toEqual({ vacuum: ['t'], analyze: [] });
    expect(tablesDue([table({ changedSinceAnalyze: 1050 })])).toEqual({ vacuum: [], analyze: [] });
    expect(tablesDue([table({ changedSinceAnalyze: 1051 })])).toEqual({ vacuum: [], analyze: ['t'] });
  });

  it('analyses a table with rows that was never analysed, and leaves an empty one alone', () => {
    expect(tablesDue([table({ reltuples: -1 })])).toEqual({ vacuum: [], analyze: ['t'] });
    expect(tablesDue([table({ reltuples: -1, hasPages: false })])).toEqual({ vacuum: [], analyze: [] });
    // A new table counts as empty for the thresholds: 51 changes are enough.
    expect(tablesDue([table({ reltuples: -1, hasPages: false, changedSinceAnalyze: 51 })])).toEqual({ vacuum: [], analyze: ['t'] });
  });
});

// The counters are per backend until flushed, so this runs where there is one backend: PGlite,
// the only database the job runs on.
describe.runIf(process.env.KURIR_TEST_DB !== 'postgres')('on PGlite', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const planRows = async () => {
    const [plan] = await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain select * from maintenance_probe where v > 0`);
    return Number(/rows=(\d+)/.exec(plan!['QUERY PLAN'])![1]);
  };

  it('vacuums and analyses the tables that changed, so the planner knows their size', async () => {
    await database.db.execute(sql`create table maintenance_probe (id integer primary key, v integer not null)`);
    await database.db.execute(sql`insert into maintenance_probe select g, g from generate_series(1, 5000) g`);
    await database.db.execute(sql`update maintenance_probe set v = v + 1 where id <= 2000`);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    await database.db.execute(sql`select 1`);
    const [before] = await queryRows<{ dead: string }>(database.db, sql`select n_dead_tup as dead from pg_stat_user_tables where relname = 'maintenance_probe'`);
    expect(Number(before!.dead)).toBe(2000);
    // Without statistics the planner guesses (a third of a size it estimates from the pages).
    expect(await planRows()).not.toBe(5000);

    const done = await maintainEmbeddedDatabase(database.db);
    expect(done.vacuumed).toContain('maintenance_probe');
    const [after] = await queryRows<{ dead: string; reltuples: number; analysed: boolean }>(database.db, sql`
      select s.n_dead_tup as dead, c.reltuples, s.last_analyze is not null as analysed
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'maintenance_probe'`);
    expect(after).toMatchObject({ dead: expect.anything(), reltuples: 5000, analysed: true });
    expect(Number(after!.dead)).toBe(0);
    // The estimate comes from the statistics now: every row has v > 0.
    expect(await planRows()).toBe(5000);

    // Nothing changed since: nothing is due.
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    await database.db.execute(sql`select 1`);
    const again = await maintainEmbeddedDatabase(database.db);
    expect(again.vacuumed).not.toContain('maintenance_probe');
    expect(again.analysed).not.toContain('maintenance_probe');
  });
});

// PGlite has no autovacuum: it is one process, without PostgreSQL's background workers. So nothing
// ever analysed or vacuumed an embedded database. The planner worked from default guesses forever
// (a receipt batch read every message still waiting for its receipt), and dead row versions
// were never reclaimed, so the tables only grew. This job does autovacuum's work on PGlite. It
// reads the same counters (pg_stat_user_tables), uses autovacuum's default thresholds, and runs
// every minute (autovacuum_naptime). PostgreSQL does this itself, so the job is not started there.
//
// PGlite runs one statement at a time, so a VACUUM or ANALYZE holds up the requests behind it.
// The visibility map keeps each VACUUM to the pages changed since the last one, and ANALYZE reads
// a sample of at most 30 000 rows whatever the table's size.
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { queryRows } from './query-rows';

/** How often the counters are read: autovacuum_naptime's default. */
export const EMBEDDED_MAINTENANCE_MS = 60_000;

export interface TableCounters {
  table: string;
  /** Rows at the last VACUUM or ANALYZE; -1 for a table never analysed. */
  reltuples: number;
  /** The table has at least one page on disk (rows, or dead rows). */
  hasPages: boolean;
  deadRows: number;
  changedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

/**
 * The tables autovacuum would vacuum or analyse now, with its default thresholds: vacuum once
 * dead rows exceed 50 + 20 % of the table, or inserts since the last vacuum exceed 1 000 + 20 %
 * (so the visibility map, and index-only scans, keep up with an insert-only table); analyse
 * once changes exceed 50 + 10 %. A vacuum here also analyses. Beyond autovacuum: a table with rows
 * that was never analysed is analysed, whatever its counters say (an embedded database from
 * before this job, whose counters started again at zero when it was opened).
 */
export function tablesDue(counters: readonly TableCounters[]): { vacuum: string[]; analyze: string[] } {
  const vacuum: string[] = [];
  const analyze: string[] = [];
  for (const c of counters) {
    const rows = Math.max(0, c.reltuples);
    if (c.deadRows > 50 + 0.2 * rows || c.insertedSinceVacuum > 1000 + 0.2 * rows) vacuum.push(c.table);
    else if (c.changedSinceAnalyze > 50 + 0.1 * rows || (c.reltuples < 0 && c.hasPages)) analyze.push(c.table);
  }
  return { vacuum, analyze };
}

/** Vacuums and analyses the tables that are due; returns what it did. */
export async function maintainEmbeddedDatabase(db: Database): Promise<{ vacuumed: string[]; analysed: string[] }> {
  const counters = await queryRows<{ table: string; reltuples: number; has_pages: boolean; dead: string; changed: string; inserted: string }>(db, sql`
    select s.relname as table, c.reltuples, pg_relation_size(s.relid) > 0 as has_pages,
           s.n_dead_tup as dead, s.n_mod_since_analyze as changed, s.n_ins_since_vacuum as inserted
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.schemaname = 'public'`);
  const due = tablesDue(
    counters.map((c) => ({
      table: c.table,
      reltuples: Number(c.reltuples),
      hasPages: c.has_pages,
      deadRows: Number(c.dead),
      changedSinceAnalyze: Number(c.changed),
      insertedSinceVacuum: Number(c.inserted),
    })),
  );
  for (const table of due.vacuum) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  for (const table of due.analyze) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return { vacuumed: due.vacuum, analysed: due.analyze };
}

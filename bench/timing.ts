// Median-of-runs timing shared by the admin benches, and their bulk load without indexes.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../apps/server/src/db/client';
import { queryRows } from '../apps/server/src/db/query-rows';

export const formatMs = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** Runs `work` `runs` times and prints the median, min and max under `label`; returns the last result. */
export async function timeRuns<T>(label: string, runs: number, work: () => Promise<T>, describe: (result: T) => string = () => ''): Promise<T> {
  const times: number[] = [];
  let result: T | undefined;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    result = await work();
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const extra = describe(result as T);
  console.log(`${label}: median ${formatMs(sorted[Math.floor(runs / 2)]!)} (min ${formatMs(sorted[0]!)}, max ${formatMs(sorted.at(-1)!)})${extra ? `, ${extra}` : ''}`);
  return result as T;
}

/** Drops tables' secondary indexes, runs the bulk load, and builds them again (faster than maintaining them row by row). */
export async function loadWithoutIndexes(db: DbOrTx, tables: string | string[], load: () => Promise<void>): Promise<void> {
  const execute = async (query: string) => ({ rows: await queryRows<{ indexname: string; indexdef: string }>(db, sql.raw(query)) });
  const names = typeof tables === 'string' ? [tables] : tables;
  const rows: { indexname: string; indexdef: string }[] = [];
  for (const table of names) {
    rows.push(...(await execute(`select indexname, indexdef from pg_indexes where tablename = '${table}' and indexdef not like '%UNIQUE%' and indexname <> '${table}_pkey'`)).rows);
  }
  for (const i of rows) await execute(`drop index ${i.indexname}`);
  await load();
  for (const i of rows) await execute(i.indexdef);
  for (const table of names) await execute(`vacuum analyze ${table}`);
}

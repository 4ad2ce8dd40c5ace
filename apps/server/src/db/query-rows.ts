// Raw SQL for the statements the query builder cannot say (UPDATE … FROM a claimed subquery,
// inserts from a JSON array). Both drivers (PGlite, node-postgres) answer with `{ rows }`.
import { createHash } from 'node:crypto';
import { PGlite, types } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { RECORD_POOL_SETTINGS, type DbOrTx } from './client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Statement names by text. Only hot statements of fixed text come here, so it stays small. */
const names = new Map<string, string>();

export interface PreparedOptions {
  /**
   * How PGlite runs it (queryPreparedRows). Left out, it is parsed and planned on every call there.
   * Otherwise it keeps one plan, as its PostgreSQL pool does:
   * - 'kept': PostgreSQL's own choice after five calls, as on the send pool (db/client.ts
   *   createSendPool), for the group send, whose one plan no particular values improve;
   * - 'generic-by-key': one generic plan made with the record pool's settings
   *   (RECORD_POOL_SETTINGS: sequential scans, hash and merge joins priced out), for the statements
   *   that find every row by key and run through recordDatabase(db).
   */
  onPglite?: 'kept' | 'generic-by-key';
}

/** For a statement run through recordDatabase(db): the record pool's one plan on PGlite too. */
export const RECORD_PLAN: PreparedOptions = { onPglite: 'generic-by-key' };

/**
 * A hot statement whose text never changes (its values are parameters, lists are one JSON
 * parameter): on PostgreSQL it is a named prepared statement, parsed once per connection instead
 * of on every call (parse and bind were a quarter of the database's time on the send and dispatch
 * paths), and planned for each call's values (client.ts: a generic plan is chosen once and can go
 * stale as a table grows). The name is a hash of the text, so two texts never share one.
 * Behind a pooler in transaction mode, PgBouncer ≥ 1.21 is needed (max_prepared_statements), as
 * for any named statement.
 *
 * PGlite's query API takes no statement name, so there a statement is parsed and planned on every
 * call, unless `onPglite` asks otherwise (keptPlanRows below).
 */
export async function queryPreparedRows<T>(db: DbOrTx, query: SQL, options: PreparedOptions = {}): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined) {
    name = `kurir_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
    names.set(built.sql, name);
  }
  if (options.onPglite) {
    const client = (db._.session as unknown as { client?: unknown }).client;
    if (client instanceof PGlite) return keptPlanRows<T>(client, name, built, options.onPglite);
  }
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The statements prepared in each PGlite session (a PGlite instance is one session), as the
 * promise of their PREPARE: the first calls of a statement often come together (two groups, two
 * record flushes), and a second PREPARE of one name fails.
 */
const preparedIn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

function prepareOnce(client: PGlite, name: string, text: string): Promise<unknown> {
  let prepared = preparedIn.get(client);
  if (!prepared) preparedIn.set(client, (prepared = new Map()));
  let preparing = prepared.get(name);
  if (!preparing) {
    const started = client.exec(`prepare ${name} as ${text}`);
    prepared.set(name, (preparing = started));
    started.catch(() => forgetPrepared(client, name, started));
  }
  return preparing;
}

/** Forgets a statement's PREPARE, unless another call already made a newer one. */
function forgetPrepared(client: PGlite, name: string, preparing: Promise<unknown>): void {
  const prepared = preparedIn.get(client);
  if (prepared?.get(name) === preparing) prepared.delete(name);
}

/** The record pool's settings for one call: `SET LOCAL` lasts until the end of its statement's transaction. */
const RECORD_POOL_SET_LOCAL = Object.entries(RECORD_POOL_SETTINGS)
  .map(([name, value]) => `set local ${name} = ${value}; `)
  .join('');

/**
 * Types Drizzle's PGlite driver reads as text (timestamps, dates, intervals and their arrays;
 * numeric arrays), so that a statement gives the same rows by either path.
 */
const AS_TEXT = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value: string) => value]));

/**
 * A statement run on PGlite as `EXECUTE name(values)` of a statement PREPAREd once per session, so
 * PostgreSQL keeps its plan as our PostgreSQL pools' connections do. Its generic plan is made
 * again when an ANALYZE of its tables (db/embedded-maintenance.ts) changes their statistics.
 * Parsed and planned on every call, the group send took 5.0–8.6 ms a call for a group of twelve
 * sends, 3.1–4.7 ms prepared; mark sent was planned for 0.47 ms a call (bench/history.md, a tenth
 * session). EXECUTE takes no bound parameters, so the values travel as SQL literals
 * (sqlLiteral). The call is one simple query: with 'generic-by-key' the record pool's settings
 * come first as `SET LOCAL`, which the statement's implicit transaction ends.
 * Only the top-level database: a transaction's handle is not the PGlite instance, and its
 * statements stay unnamed.
 */
async function keptPlanRows<T>(client: PGlite, name: string, built: { sql: string; params: unknown[] }, plan: NonNullable<PreparedOptions['onPglite']>): Promise<T[]> {
  const call = `${plan === 'generic-by-key' ? RECORD_POOL_SET_LOCAL : ''}execute ${name}(${built.params.map(sqlLiteral).join(', ')})`;
  for (let attempt = 1; ; attempt++) {
    const preparing = prepareOnce(client, name, built.sql);
    await preparing;
    try {
      const results = await client.exec(call, { parsers: AS_TEXT });
      return results.at(-1)!.rows as T[];
    } catch (error) {
      // Deallocated behind our back (DEALLOCATE ALL, DISCARD ALL): prepare it again, once.
      if ((error as { code?: unknown }).code !== INVALID_SQL_STATEMENT_NAME || attempt > 1) throw error;
      forgetPrepared(client, name, preparing);
    }
  }
}

const INVALID_SQL_STATEMENT_NAME = '26000';

/**
 * A value as an SQL literal, for EXECUTE's arguments. Quoted even when it is a number: a quoted
 * literal has no type of its own and takes the parameter's, as a bound value does. Doubling the
 * quotes is the whole escape because standard_conforming_strings is on (PostgreSQL's default
 * since 9.1, and PGlite's; nothing here turns it off): a backslash is then an ordinary character.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else throw new Error(`No SQL literal for a ${typeof value} value`);
  // PostgreSQL's text cannot hold NUL; a bound value would be refused as well.
  if (text.includes('\0')) throw new Error('A value with a NUL character cannot be sent to the database');
  return `'${text.replace(/'/g, "''")}'`;
}

// Raw SQL for the statements the query builder cannot say (UPDATE … FROM a claimed subquery,
// inserts from a JSON array). Both drivers (PGlite, node-postgres) answer with `{ rows }`.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Statement names by text. Only hot statements of fixed text come here, so it stays small. */
const names = new Map<string, string>();

export interface PreparedOptions {
  /**
   * Keep one plan for every call on PGlite too (see queryPreparedRows). Only for a statement whose
   * PostgreSQL pool keeps one as well (the group send's: db/client.ts createSendPool), for the same
   * reason: no plan for particular values is better than its one plan.
   */
  keepPlanOnPglite?: boolean;
}

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
 * call, unless `keepPlanOnPglite` asks otherwise (keptPlanRows below).
 */
export async function queryPreparedRows<T>(db: DbOrTx, query: SQL, options: PreparedOptions = {}): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined) {
    name = `kurir_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
    names.set(built.sql, name);
  }
  const client = (db._.session as unknown as { client?: unknown }).client;
  if (options.keepPlanOnPglite && client instanceof PGlite) return keptPlanRows<T>(db, client, name, built);
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}

/** The statements prepared in each PGlite session (a PGlite instance is one session). */
const preparedIn = new WeakMap<PGlite, Set<string>>();

/**
 * A statement run on PGlite as `EXECUTE name(values)` of a statement PREPAREd once per session,
 * so PostgreSQL keeps its plan as the send pool's connections do (after five custom plans, a
 * generic one, made again when an ANALYZE of its tables, db/embedded-maintenance.ts, changes their
 * statistics). The group send's statement spent longer being planned than running on PGlite:
 * 5.0–8.6 ms a group of twelve sends per call, 3.1–4.7 kept (bench/README.md, a tenth session).
 * EXECUTE takes no bound parameters, so the values travel as SQL literals (sqlLiteral).
 * Only the top-level database: a transaction's handle is not the PGlite instance, and its
 * statements stay unnamed.
 */
async function keptPlanRows<T>(db: DbOrTx, client: PGlite, name: string, built: { sql: string; params: unknown[] }): Promise<T[]> {
  let prepared = preparedIn.get(client);
  if (!prepared) preparedIn.set(client, (prepared = new Set()));
  const execute = sql.raw(`execute ${name}(${built.params.map(sqlLiteral).join(', ')})`);
  for (let attempt = 1; ; attempt++) {
    if (!prepared.has(name)) {
      await client.exec(`prepare ${name} as ${built.sql}`);
      prepared.add(name);
    }
    try {
      return ((await db.execute(execute)) as unknown as { rows: T[] }).rows;
    } catch (error) {
      // Deallocated behind our back (DEALLOCATE ALL, DISCARD ALL): prepare it again, once.
      if (sqlState(error) !== INVALID_SQL_STATEMENT_NAME || attempt > 1) throw error;
      prepared.delete(name);
    }
  }
}

const INVALID_SQL_STATEMENT_NAME = '26000';

/** The database's error code, on the error or on the one Drizzle wraps it in. */
function sqlState(error: unknown): string | undefined {
  const own = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = own?.code ?? own?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

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

// Raw SQL for the statements the query builder cannot say (UPDATE … FROM a claimed subquery,
// inserts from a JSON array). Both drivers (PGlite, node-postgres) answer with `{ rows }`.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Statement names by text. Only hot statements of fixed text come here, so it stays small. */
const names = new Map<string, string>();

/**
 * A hot statement whose text never changes (its values are parameters, lists are one JSON
 * parameter): on PostgreSQL it is a named prepared statement, parsed once per connection instead
 * of on every call (parse and bind were a quarter of the database's time on the send and dispatch
 * paths), and planned for each call's values (client.ts: a generic plan is chosen once and can go
 * stale as a table grows). The name is a hash of the text, so two texts never share one.
 * PGlite ignores the name. Behind a pooler in transaction mode, PgBouncer ≥ 1.21 is needed
 * (max_prepared_statements), as for any named statement.
 */
export async function queryPreparedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined) {
    name = `kurir_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
    names.set(built.sql, name);
  }
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}

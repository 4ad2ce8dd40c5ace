// Raw SQL for the statements the query builder cannot say (UPDATE … FROM a claimed subquery,
// inserts from a JSON array). Both drivers (PGlite, node-postgres) answer with `{ rows }`.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// A check constraint that a text column holds one of a list of values from @kurir/core, so the
// list is written once. The SQL reads as a hand-written `in ('a', 'b')`, which keeps the
// generated migrations free of changes.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}

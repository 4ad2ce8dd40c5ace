// The totals of paged lists (core `list-total.ts`): an exact count kept by triggers
// (message_counts, user_counts, migration 0014) when nothing narrows the list, and a count that
// stops at LIST_TOTAL_CAP when a search does, so no page counts a million rows to print its total.
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP } from '@kurir/core';
import type { DbOrTx } from './client';
import { queryRows } from './query-rows';

export type ListTotal = { total: number; capped: boolean };

/**
 * How many rows of `source` (a table, or a subquery or table with its alias) match `where`,
 * counting no further than `cap` + 1 rows. With `each`, an expression of at least 1 for how many
 * items a row stands for (a send's messages), those are added up instead: still over no more than
 * `cap` + 1 rows, which then stand for more than the cap.
 */
export async function countUpTo(db: DbOrTx, source: PgTable | SQL, where: SQL | undefined, cap = LIST_TOTAL_CAP, each?: SQL): Promise<ListTotal> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select coalesce(sum(n), 0)::int8 as n from (select ${each ?? sql`1`} as n from ${source} where ${where ?? sql`true`} limit ${cap + 1}) matched`,
  );
  return cappedTotal(Number(row?.n ?? 0), cap);
}

/** A count of `n` as a list shows it: itself, or the cap when more than the cap. */
export function cappedTotal(n: number, cap = LIST_TOTAL_CAP): ListTotal {
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** Exact: every message of one user, or of everyone. */
export async function countMessages(db: DbOrTx, userId?: string): Promise<ListTotal> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    userId
      ? sql`select coalesce(sum(total), 0)::int8 as n from message_counts where user_id = ${userId}`
      : sql`select coalesce(sum(total), 0)::int8 as n from message_counts`,
  );
  return { total: Number(row?.n ?? 0), capped: false };
}

/** Exact: the users with one of these statuses and roles (all of them when a list is empty). */
export async function countUsers(db: DbOrTx, statuses: string[], roles: string[]): Promise<ListTotal> {
  const conditions = [
    statuses.length > 0 ? sql`status in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})` : sql`true`,
    roles.length > 0 ? sql`role in (${sql.join(roles.map((r) => sql`${r}`), sql`, `)})` : sql`true`,
  ];
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select coalesce(sum(total), 0)::int8 as n from user_counts where ${sql.join(conditions, sql` and `)}`,
  );
  return { total: Number(row?.n ?? 0), capped: false };
}

// Queries of the admin users list. Filtering, sorting and paging are SQL: each sort column has an
// index (users_*_idx) ending in the id, so a page is an index walk, and the free-text search is a
// substring match served by the trigram index over phone, first, last and company name.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminUserSort, AdminUsersQuery } from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';
import { likeContains } from '../../../lib/like-pattern';
import { countUpTo, countUsers } from '../../../db/list-total';

/** The same expressions the indexes are built on, so the planner uses them. */
export const userSearchText = sql`(${users.phone} || ' ' || coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || coalesce(${users.companyName}, ''))`;
const displayName = sql`lower(coalesce(${users.companyName}, nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.phone}))`;

const SORT_COLUMNS: Record<AdminUserSort, SQL> = {
  user: displayName,
  phone: sql`${users.phone}`,
  status: sql`${users.status}`,
  role: sql`${users.role}`,
  credit: sql`${users.credit}`,
  last_login: sql`${users.lastLogin}`,
  created_at: sql`${users.createdAt}`,
};

/** The statuses the list is narrowed to; none means every status. */
function listedStatuses(q: Pick<AdminUsersQuery, 'status'>): ('active' | 'inactive')[] {
  const statuses = q.status.includes('all') ? [] : [...new Set(q.status as ('active' | 'inactive')[])];
  return statuses.length === 1 ? statuses : [];
}

/** The roles the list is narrowed to; none means every role. Repeats count once (user,user,slave is two roles, not all three). */
function listedRoles(q: Pick<AdminUsersQuery, 'role'>): AdminUsersQuery['role'] {
  const roles = [...new Set(q.role)];
  return roles.length < 3 ? roles : [];
}

export function usersListConditions(q: Pick<AdminUsersQuery, 'status' | 'role' | 'search'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const statuses = listedStatuses(q);
  if (statuses.length === 1) conditions.push(eq(users.status, statuses[0]!));
  const roles = listedRoles(q);
  if (roles.length > 0) conditions.push(inArray(users.role, roles));
  if (q.search) conditions.push(sql`${userSearchText} ilike ${likeContains(q.search)}`);
  return and(...conditions);
}

export async function findUsersPage(db: DbOrTx, q: AdminUsersQuery) {
  const where = usersListConditions(q);
  const column = SORT_COLUMNS[q.sort];
  const direction = q.order === 'asc' ? asc : desc;
  // Never signed in counts as the oldest login: last when newest first, first when oldest first
  // (so users_last_login_idx, desc nulls last, serves both directions).
  const nulls = q.sort === 'last_login' ? (q.order === 'asc' ? sql` nulls first` : sql` nulls last`) : sql``;
  const order = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`${column} ${order}${nulls}`, direction(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  // The status and role filters are read from the kept counts; a search counts up to the cap.
  const total = q.search ? await countUpTo(db, users, where) : await countUsers(db, listedStatuses(q), listedRoles(q));
  return { rows, ...total };
}

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

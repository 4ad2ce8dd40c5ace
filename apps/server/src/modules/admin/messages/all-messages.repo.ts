// All Messages: every user's messages newest first (messages_created_idx), and the search. Each
// comma-separated term matches (any of) the user's phone, the sender name, the recipient, the text
// as case-insensitive substrings, or the status exactly; the terms are OR-ed. The text columns are
// one trigram-indexed expression (messages_admin_search_trgm_idx), the users a term names are
// found first through users_search_trgm_idx and then their messages through messages_user_created_idx,
// so every branch of the OR is an index scan.
import { desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_STATUS_VALUES } from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { messages, users } from '../../../db/schema';
import { likeContains } from '../../../lib/like-pattern';
import { queryRows } from '../../../db/query-rows';
import { userSearchText } from '../users/users.repo';
import { countMessages, countUpTo } from '../../../db/list-total';

/** The same expression as the index, so the planner uses it. */
export const messageSearchText = sql`(${messages.senderName} || ' ' || ${messages.recipient} || ' ' || ${messages.message})`;
/** A term naming more users than this is too vague to narrow by user; the text match still applies. */
const MAX_USERS_PER_TERM = 1000;

export async function allMessagesConditions(db: DbOrTx, terms: string[]): Promise<SQL | undefined> {
  if (terms.length === 0) return undefined;
  const branches: SQL[] = [];
  for (const term of terms) {
    const pattern = likeContains(term);
    branches.push(sql`${messageSearchText} ilike ${pattern}`);
    if ((MESSAGE_STATUS_VALUES as readonly string[]).includes(term.toLowerCase())) {
      branches.push(eq(messages.status, term.toLowerCase() as (typeof MESSAGE_STATUS_VALUES)[number]));
    }
    const matched = await db.select({ id: users.id }).from(users).where(sql`${userSearchText} ilike ${pattern}`).limit(MAX_USERS_PER_TERM + 1);
    if (matched.length > 0 && matched.length <= MAX_USERS_PER_TERM) branches.push(inArray(messages.userId, matched.map((u) => u.id)));
  }
  return or(...branches);
}

export async function findAllMessages(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  const columns = {
    m: {
      id: messages.id,
      userId: messages.userId,
      senderName: messages.senderName,
      recipient: messages.recipient,
      message: messages.message,
      status: messages.status,
      channel: messages.channel,
      createdAt: messages.createdAt,
      price: messages.price,
      sentByAdminId: messages.sentByAdminId,
    },
    phone: users.phone,
    companyName: users.companyName,
    firstName: users.firstName,
    lastName: users.lastName,
  };
  const page = (q: SQL | undefined, skip = offset) =>
    db.select(columns).from(messages).innerJoin(users, eq(users.id, messages.userId)).where(q).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(skip);
  if (!where) {
    // No search: the page walks messages_created_idx; the total is the kept count.
    return { rows: await page(undefined), ...(await countMessages(db)) };
  }
  const total = await countUpTo(db, messages, where);
  if (total.capped) {
    // A broad search: matches are everywhere, so walking the newest messages finds a page at once.
    return { rows: await page(where), ...total };
  }
  // A narrow search (at most the cap): its matches are collected once (a MATERIALIZED CTE has no
  // ORDER BY to tempt the planner into walking every message newest first, so it takes the
  // trigram and user-id bitmaps), then sorted and paged.
  const found = await queryRows<{ id: string }>(
    db,
    sql`with matched as materialized (select ${messages.id} as id, ${messages.createdAt} as created_at from ${messages} where ${where})
        select id from matched order by created_at desc, id desc limit ${limit} offset ${offset}`,
  );
  const rows = found.length === 0 ? [] : await page(inArray(messages.id, found.map((f) => f.id)), 0);
  return { rows, ...total };
}

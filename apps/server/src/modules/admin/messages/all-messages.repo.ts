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
import { userSearchText } from '../users/users.repo';

/** The same expression as the index, so the planner uses it. */
const messageSearchText = sql`(${messages.senderName} || ' ' || ${messages.recipient} || ' ' || ${messages.message})`;
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
  const rows = await db
    .select({
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
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(messages).where(where);
  return { rows, total: count?.total ?? 0 };
}

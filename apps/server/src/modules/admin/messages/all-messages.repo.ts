// All Messages: every user's messages newest first (messages_created_idx), and the search. Each
// comma-separated term matches (any of) the user's phone, the sender name, the recipient, the text
// as case-insensitive substrings, or the status exactly; the terms are OR-ed. The sends that may
// hold a text match are found through send_texts' trigram index (one row per send: its sender
// name, text and recipients), then their messages through messages_batch_idx, each tested
// on its own columns; the users a term names are found first through users_search_trgm_idx and
// then their messages through messages_user_created_idx, so every branch of the search is an
// index scan.
import { desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_STATUS_VALUES } from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { messages, users } from '../../../db/schema';
import { likeContains } from '../../../lib/like-pattern';
import { queryRows } from '../../../db/query-rows';
import { userSearchText } from '../users/users.repo';
import { countMessages } from '../../../db/list-total';
import { LIST_TOTAL_CAP } from '@kurir/core/list-total';

/** The same expression as send_texts' trigram index (over its alias `t`), so the planner uses it. */
const indexedSearchText = sql`(t.sender_name || ' ' || t.message || ' ' || t.recipients)`;

/**
 * Whether a messages row's sender name, recipient or text holds the pattern: the exact test, for
 * the messages of the sends the index found, a walk of the newest messages and the scheduled page.
 * A send's indexed text holds each of these, so the index finds every send with a match.
 */
export function messageTextMatches(pattern: string): SQL {
  return sql`(${messages.senderName} ilike ${pattern} or ${messages.recipient} ilike ${pattern} or ${messages.message} ilike ${pattern})`;
}

/**
 * A search counts its matches up to here ('2000+' past it). Collecting matches costs per match
 * (~13 µs here), and a search past the cap walks the newest messages instead, which costs per
 * message passed over until the page is found (density cap / all messages). Measured at
 * 1 000 000 messages (bench/history.md): 1 000 made a walk past 15 000 messages cost 66 ms, 5 000
 * made collecting cost 68 ms; 2 000 keeps both near 30 ms.
 */
export const SEARCH_CAP = 2 * LIST_TOTAL_CAP;
/** A term naming more users than this is too vague to narrow by user; the text match still applies. */
const MAX_USERS_PER_TERM = 1000;

export interface AllMessagesSearch {
  /** Whether a messages row matches (for a walk of the newest messages, and the scheduled page). */
  where: SQL;
  /** The matches through the indexes: (id, created_at). */
  matches: SQL;
}

export async function allMessagesConditions(db: DbOrTx, terms: string[]): Promise<AllMessagesSearch | undefined> {
  if (terms.length === 0) return undefined;
  const texts: SQL[] = [];
  const rowTexts: SQL[] = [];
  const others: SQL[] = [];
  for (const term of terms) {
    const pattern = likeContains(term);
    texts.push(sql`${indexedSearchText} ilike ${pattern}`);
    rowTexts.push(messageTextMatches(pattern));
    if ((MESSAGE_STATUS_VALUES as readonly string[]).includes(term.toLowerCase())) {
      others.push(eq(messages.status, term.toLowerCase() as (typeof MESSAGE_STATUS_VALUES)[number]));
    }
    const matched = await db.select({ id: users.id }).from(users).where(sql`${userSearchText} ilike ${pattern}`).limit(MAX_USERS_PER_TERM + 1);
    if (matched.length > 0 && matched.length <= MAX_USERS_PER_TERM) others.push(inArray(messages.userId, matched.map((u) => u.id)));
  }
  const rowText = or(...rowTexts)!;
  // Two disjoint branches, so UNION ALL (which a LIMIT stops early) counts each match once: the
  // text matches (the sends send_texts' trigram index finds, and among their messages, found by
  // messages_batch_idx, those whose own text matches); then the status and user matches (their
  // own indexes on messages) whose text does not match. The text branch is a loop over the sends
  // (OFFSET 0 keeps the planner from flattening it into a join), so the LIMIT stops it at the cap:
  // as a join, PostgreSQL hashed every send of a common word first (100 000 sends, 170 ms).
  const textMatches = sql`select x.id, x.created_at from send_texts t
                           cross join lateral (select ${messages.id} as id, ${messages.createdAt} as created_at from ${messages}
                                                where ${messages.batchId} = t.batch_id and ${rowText} offset 0) x
                           where ${or(...texts)}`;
  const matches =
    others.length === 0
      ? textMatches
      : sql`${textMatches} union all select ${messages.id}, ${messages.createdAt} from ${messages} where (${or(...others)}) and not ${rowText}`;
  return { where: or(rowText, ...others)!, matches };
}

export async function findAllMessages(db: DbOrTx, search: AllMessagesSearch | undefined, limit: number, offset: number) {
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
      test: messages.test,
    },
    phone: users.phone,
    companyName: users.companyName,
    firstName: users.firstName,
    lastName: users.lastName,
  };
  const page = (q: SQL | undefined, skip = offset) =>
    db.select(columns).from(messages).innerJoin(users, eq(users.id, messages.userId)).where(q).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(skip);
  if (!search) {
    // No search: the page walks messages_created_idx; the total is the kept count.
    return { rows: await page(undefined), ...(await countMessages(db)) };
  }
  // The matches are collected once, at most SEARCH_CAP + 1 of them (a MATERIALIZED CTE has no
  // ORDER BY to tempt the planner into walking every message newest first, so each branch takes
  // its index: the trigram index of send_texts, the status and user-id indexes of messages);
  // their count is the total, and the page is sorted from them when the total is under the cap
  // (past it the page is found by a walk: the one-time filter skips the sort).
  const found = await queryRows<{ id: string | null; total: number }>(
    db,
    sql`with matched as materialized (${search.matches} limit ${SEARCH_CAP + 1}),
             counted as (select count(*)::int as total from matched)
        select p.id, counted.total from counted
          left join lateral (select x.id, x.created_at from matched x
                              where counted.total <= ${SEARCH_CAP}
                              order by 2 desc, 1 desc limit ${limit} offset ${offset}) p on true
         order by p.created_at desc, p.id desc`,
  );
  const counted = Number(found[0]?.total ?? 0);
  if (counted > SEARCH_CAP) {
    // A broad search: the rows collected are any of them, not the newest; but matches are
    // everywhere, so walking the newest messages finds the page at once.
    return { rows: await page(search.where), total: SEARCH_CAP, capped: true };
  }
  const ids = found.flatMap((f) => (f.id ? [f.id] : []));
  const rows = ids.length === 0 ? [] : await page(inArray(messages.id, ids), 0);
  return { rows, total: counted, capped: false };
}

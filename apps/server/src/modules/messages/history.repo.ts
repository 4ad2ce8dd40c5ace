// The customer's message history: one user's messages, newest first, filtered, paged and counted
// (the total from the user's counter, or capped when filtered). The text search's walks live here
// with the queries that use them; its tests of a text in history-text.ts.
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageStatus } from '@kurir/core';
import { LIST_TOTAL_CAP } from '@kurir/core/list-total';
import type { DbOrTx } from '../../db/client';
import { cappedTotal, countMessages, countUpTo, type ListTotal } from '../../db/list-total';
import { messages } from '../../db/schema';
import { holdsText, sendTextIndexed, sendTextMatches, sendTextWordsLeft, surelyHoldsWord, textConditions, type TextSearch } from './history-text';

export interface HistoryFilter {
  userId: string;
  limit: number;
  offset: number;
  /** The searched text and its words (history-text.ts textSearch). */
  text?: TextSearch;
  /** The number ends with these digits. */
  recipientDigits?: string;
  from?: Date;
  to?: Date;
  /** The public API's filters: one status, one message, and keyset paging (older than this row). */
  status?: MessageStatus;
  id?: string;
  before?: string;
  /** Only the messages sent with a test API key: what a test key may see. */
  testOnly?: boolean;
}

/** A message's place in the newest-first order, compared in SQL with its own created_at (JavaScript dates would drop its microseconds). */
function positionOf(messageId: string): SQL {
  return sql`(select m2.created_at, m2.id from messages m2 where m2.id = ${messageId}::uuid)`;
}

function historyConditions(f: HistoryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(messages.userId, f.userId)];
  if (f.text) conditions.push(sendTextMatches(f.text));
  if (f.recipientDigits) {
    const reversed = [...f.recipientDigits].reverse().join('');
    conditions.push(sql`reverse(${messages.recipient}) like ${`${reversed}%`}`);
  }
  if (f.from) conditions.push(gte(messages.createdAt, f.from));
  if (f.to) conditions.push(lt(messages.createdAt, f.to));
  if (f.status) conditions.push(eq(messages.status, f.status));
  if (f.id) conditions.push(eq(messages.id, f.id));
  if (f.before) conditions.push(sql`(${messages.createdAt}, ${messages.id}) < ${positionOf(f.before)}`);
  if (f.testOnly) conditions.push(eq(messages.test, true));
  return and(...conditions);
}

/** Whether a filter narrows the history beyond "all of the user's messages". */
function narrowsHistory(f: HistoryFilter): boolean {
  return Boolean(f.text || f.recipientDigits || f.from || f.to || f.status || f.id || f.before || f.testOnly);
}

/** A page of the history and its total: exact from the user's message count, or capped when filtered. */
export async function findHistory(db: DbOrTx, f: HistoryFilter) {
  // Without parallel workers: starting two of them took ~5 ms of each query that finds little
  // (a rare word, a day), on a machine where concurrent requests share the cores anyway.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const walked = f.text ? await walkTextPage(tx, f, f.text) : null;
    if (!walked && f.text && searchesSends(f)) {
      const page = await findTextPageBySends(tx, f, f.text);
      return { rows: page.rows, ...(totalFromPage(f, page.rows) ?? page.total ?? (await countTextSends(tx, f, f.text))) };
    }
    const rows = walked ?? (await findHistoryRows(tx, f));
    const total = !narrowsHistory(f)
      ? await countMessages(tx, f.userId)
      : (totalFromPage(f, rows) ?? (f.text ? await countTextMatches(tx, f, rows) : await countUpTo(tx, messages, historyConditions(f))));
    return { rows, ...total };
  });
}

/**
 * A filtered total the page itself tells, without a count: a page that is not full is the last
 * one, so the total is its offset and its rows; a full page that reaches past the cap means more
 * matches than the cap. Null otherwise (and for an empty page, which may lie past the end).
 */
function totalFromPage(f: HistoryFilter, page: readonly unknown[]): ListTotal | null {
  if (page.length > 0 && page.length < f.limit) return { total: f.offset + page.length, capped: false };
  if (page.length === f.limit && f.offset + f.limit > LIST_TOTAL_CAP) return { total: LIST_TOTAL_CAP, capped: true };
  return null;
}

/** The fewest newest messages a text search's page walks before it asks the index (walkTextPage). */
const TEXT_PAGE_WALK_MIN = 2_000;
/** Messages walked per row the page needs: a text in one message of fifty is found by the walk. */
const TEXT_PAGE_WALK_PER_ROW = 50;

/**
 * A text search's page from the user's newest messages, walked in order and tested one by one, or
 * null when the walk did not find the page's rows (offset and limit) among them. The planner
 * chooses between that walk and the text index from its estimate of how many messages hold the
 * text, and it underestimated a common one by fifty times (1 992 for "reminder:*" in 100 000 of a
 * million): for a page past the first it took every match from the index and sorted them (0.8 s
 * for the 50th page), and for a text in one message of a hundred even the first page went the
 * same way (60 ms). The walk stops at the page's last row and at TEXT_PAGE_WALK_PER_ROW messages
 * for each row the page needs, so a rare text, which the index finds fast, costs a short walk
 * more; one that it does not find there is found from its sends (findTextPageBySends), or with
 * other filters by the planner's query (findHistoryRows).
 */
async function walkTextPage(db: DbOrTx, f: HistoryFilter, text: TextSearch) {
  const walk = Math.min(COMMON_WORD_WALK, Math.max(TEXT_PAGE_WALK_MIN, (f.offset + f.limit) * TEXT_PAGE_WALK_PER_ROW));
  const newest = db
    .select(HISTORY_COLUMNS)
    .from(messages)
    .where(historyConditions({ ...f, text: undefined }))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(walk)
    .as('newest');
  const rows = await db
    .select()
    .from(newest)
    .where(and(...textConditions(text, sql`${newest.message}`)))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows.length === f.limit ? rows : null;
}

/** The most messages a common word's count walks past the page. */
const COMMON_WORD_WALK = 15_000;
/** How much further than the density of the matches up to the page says the count walks. */
const COMMON_WORD_MARGIN = 1.2;

/**
 * A text search's total, capped like every filtered total. The text index counts a rare word fast
 * and a common one slowly (its posting list is long: 20–30 ms for a word in a tenth of a million
 * messages), while walking the newest messages reaches the cap fast for a common word and never
 * for a rare one. The page says which it is. It holds the `seen`th match, so only the rest of the
 * cap is counted past its last row, and the density of the matches up to that row says how far
 * the count must walk for them. When that is within COMMON_WORD_WALK messages the count walks on
 * from the page's last row, and asks the index only if the cap was not reached there. (A fixed
 * density of a tenth decided it before; a word just under it, or the same word after a few other
 * messages, went to the index and took twice as long.)
 */
async function countTextMatches(db: DbOrTx, f: HistoryFilter, page: { id: string }[]) {
  const others = historyConditions({ ...f, text: undefined });
  const last = page.at(-1);
  const seen = f.offset + f.limit; // matches up to the page's last row
  if (f.text && last && page.length === f.limit && seen <= LIST_TOTAL_CAP) {
    const rest = LIST_TOTAL_CAP - seen; // the total is capped once more than this lie past the page
    // The walk the density needs is (rest + 1) × depth / seen × the margin; it must fit in
    // COMMON_WORD_WALK, so the page's last row may lie this deep at most (and no deeper than
    // that walk, which bounds this count too).
    const deepest = Math.min(COMMON_WORD_WALK, Math.floor((COMMON_WORD_WALK * seen) / ((rest + 1) * COMMON_WORD_MARGIN)));
    const newer = and(others, sql`(${messages.createdAt}, ${messages.id}) >= ${positionOf(last.id)}`);
    const depth = await countUpTo(db, messages, newer, deepest);
    if (!depth.capped) {
      const walk = Math.min(COMMON_WORD_WALK, Math.ceil(((rest + 1) * depth.total * COMMON_WORD_MARGIN) / seen));
      const older = and(others, sql`(${messages.createdAt}, ${messages.id}) < ${positionOf(last.id)}`);
      const next = sql`(select ${messages.message} as message from ${messages} where ${older} order by ${messages.createdAt} desc, ${messages.id} desc limit ${walk}) next`;
      const surely = surelyHoldsWord(f.text, sql`next.message`);
      if (surely && (await countUpTo(db, next, surely, rest)).capped) return { total: LIST_TOTAL_CAP, capped: true };
      if ((await countUpTo(db, next, and(...textConditions(f.text, sql`next.message`)), rest)).capped) {
        return { total: LIST_TOTAL_CAP, capped: true };
      }
    }
  }
  return f.text && searchesSends(f) ? countTextSends(db, f, f.text) : countUpTo(db, messages, historyConditions(f));
}

/**
 * Whether a search is answered from the matching sends (send_texts) rather than from the messages:
 * a text with a word for the index, with or without dates (every message of a send has its time),
 * and nothing else. The other filters are the messages' own.
 */
function searchesSends(f: HistoryFilter): boolean {
  return (f.text?.lexemes.length ?? 0) > 0 && !f.recipientDigits && !f.status && !f.id && !f.before;
}

/** The user's sends that the word index finds for a text search, within the dates (every message of a send has the send's time). */
function indexedSends(f: HistoryFilter, text: TextSearch): SQL {
  const conditions = [sql`t.user_id = ${f.userId}::uuid`, sendTextIndexed(text, sql`t`)!];
  if (f.from) conditions.push(sql`t.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`t.created_at < ${f.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

/** The tests of a send the index found: its exact text, then the words the index was not asked for. */
function sendTextTests(text: TextSearch): SQL {
  return sql.join([holdsText(sql`t.message`, text.term), sendTextWordsLeft(text, sql`t`) ?? sql`true`], sql` and `);
}

/**
 * A text search's page from its sends (where walkTextPage did not find it among the newest
 * messages), and its total when the page has rows: the sends the word index finds sorted by their
 * time, tested in that order until the newest LIST_TOTAL_CAP + 1 matching sends (or the page's
 * offset + limit, when more) are found, and only the page's joined to their messages. Every send
 * has a message at least, so the page's offset + limit messages lie among the newest offset + limit
 * matching sends (with any that share the last one's time), and the total is the sum of the found
 * sends' message counts, capped: all of them when fewer were found, more than the cap otherwise.
 * The planner's query (findHistoryRows) joined every candidate to its messages before sorting them
 * (8 889 sends for "order 42": ~25 ms); testing every candidate's text before the sort took 2–5 ms
 * more than testing the newest ones as they come; and counting in a statement of its own read the
 * index and the candidates again (3.9 ms of "order 42", against 1 ms here).
 */
async function findTextPageBySends(db: DbOrTx, f: HistoryFilter, text: TextSearch): Promise<{ rows: HistoryRow[]; total: ListTotal | null }> {
  const seen = f.offset + f.limit;
  // The candidates sorted in a subquery of their own (OFFSET 0 keeps the planner from moving the
  // tests into it), so they are tested as the sorted rows come; referenced twice, `matched` is
  // computed once.
  const matched = db.$with('matched', { batchId: sql<string>`batch_id` }).as(sql`
    select t.batch_id, t.created_at, t.message_count
      from (select t.batch_id, t.created_at, t.message, t.message_count from send_texts t where ${indexedSends(f, text)}
             order by t.created_at desc offset 0) t
     where ${sendTextTests(text)}
     order by t.created_at desc fetch first ${Math.max(seen, LIST_TOTAL_CAP + 1)} rows with ties`);
  const pageSends = sql`select batch_id from matched order by created_at desc fetch first ${seen} rows with ties`;
  const found = await db
    .with(matched)
    .select({ ...HISTORY_COLUMNS, matchedMessages: sql<string>`(select sum(message_count) from matched)` })
    .from(messages)
    .where(and(sql`${messages.batchId} in (${pageSends})`, historyConditions({ ...f, text: undefined })))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(f.limit)
    .offset(f.offset);
  const rows = found.map(({ matchedMessages: _, ...row }) => row);
  if (found.length === 0) return { rows, total: null };
  return { rows, total: cappedTotal(Number(found[0]!.matchedMessages)) };
}

/**
 * A text search's total from its sends' message counts (send_texts.message_count), capped: the
 * sum over at most the cap + 1 sends, each of at least one message, without reading a message.
 */
function countTextSends(db: DbOrTx, f: HistoryFilter, text: TextSearch): Promise<ListTotal> {
  return countUpTo(db, sql`send_texts t`, sql`${indexedSends(f, text)} and ${sendTextTests(text)}`, LIST_TOTAL_CAP, sql`t.message_count`);
}

/** What a history row shows (the customer's page and the public API). */
const HISTORY_COLUMNS = {
  id: messages.id,
  recipient: messages.recipient,
  message: messages.message,
  channel: messages.channel,
  status: messages.status,
  createdAt: messages.createdAt,
  price: messages.price,
  scheduledFor: messages.scheduledFor,
  errorMessage: messages.errorMessage,
  parts: messages.parts,
  senderName: messages.senderName,
  processedAt: messages.processedAt,
  settledAt: messages.settledAt,
  test: messages.test,
  sentByAdminId: messages.sentByAdminId,
};

type HistoryRow = Awaited<ReturnType<typeof findHistoryRows>>[number];

/** One page of the history, without the total (the public API pages by cursor). */
export async function findHistoryRows(db: DbOrTx, f: HistoryFilter) {
  return db
    .select(HISTORY_COLUMNS)
    .from(messages)
    .where(historyConditions(f))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(f.limit)
    .offset(f.offset);
}

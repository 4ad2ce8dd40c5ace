// The customer's message history: one user's messages, newest first, filtered, paged and counted
// (the total from the user's counter, or capped when filtered). The text search's walks and the
// cheap word test live here with the queries that use them.
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageStatus } from '@kurir/core';
import { LIST_TOTAL_CAP } from '@kurir/core/list-total';
import type { DbOrTx } from '../../db/client';
import { countMessages, countUpTo, type ListTotal } from '../../db/list-total';
import { queryRows } from '../../db/query-rows';
import { messages } from '../../db/schema';

export interface HistoryFilter {
  userId: string;
  limit: number;
  offset: number;
  /** The searched text (`term`, trimmed) and its lexemes (see searchLexemes). */
  /** `lastWord`: the search's last whitespace-separated word, lower case (the one still being typed). */
  text?: { term: string; lexemes: string[]; lastWord: string };
  /** The number ends with these digits. */
  recipientDigits?: string;
  from?: Date;
  to?: Date;
  /** The public API's filters: one status, one message, and keyset paging (older than this row). */
  status?: MessageStatus;
  id?: string;
  before?: string;
}

/** The words of a search as PostgreSQL's own parser splits them, so they match the index. */
export async function searchLexemes(db: DbOrTx, text: string): Promise<string[]> {
  const result = await queryRows<{ lexemes: string[] | null }>(
    db,
    sql`select tsvector_to_array(to_tsvector('simple', ${text})) as lexemes`,
  );
  return result[0]?.lexemes ?? [];
}

/**
 * Whether `message` holds `term`, case-insensitively: the test of `ILIKE '%term%'` with the term's
 * wildcards taken literally (in a multibyte database ILIKE lower-cases both sides and then
 * matches), at half its cost when every row is tested: LIKE's matcher steps back through each text
 * where strpos searches it (8.6 against 14.6 ms for the 10 010 texts a common word's count walks).
 */
export function holdsText(message: SQL, term: string): SQL {
  return sql`strpos(lower(${message}), lower(${term})) > 0`;
}

/**
 * For a search of one word (letters and digits, as PostgreSQL's parser reads it), a cheaper test of
 * a text that holds only where the exact one (textConditions: the word begins a word of the text,
 * and the text holds it) holds too; it may miss some matches. The count of a common word walks
 * ten thousand texts to find the cap's 1 001 matches, and the exact test cost most of that walk:
 * `lower()` of every text and `to_tsvector()` of every match (8–15 and 9 ms of a 25 ms count).
 * Here, in order of cost:
 * - the text lower-cased in ASCII only (`collate "C"`, a third of `lower()`'s cost) holds the word.
 *   It can miss a match (an upper-case Č in the word) but not make one;
 * - the text has no `<`: the parser reads `<a title="a word">` as one tag, whose words it does
 *   not index;
 * - the lower-cased text has the word at its start or after white space, where the parser always
 *   begins a token (after `(`, it may be inside a URL's path), so that token's lexeme begins with
 *   the word; and not in a token followed by `://`, a protocol head (`http://`), the one kind of
 *   token that begins with a letter or digit and is not indexed. This also means the text holds
 *   the word, as holdsText asks.
 * When this test does not reach the cap, countTextMatches walks again with the exact one. Null
 * when the search is not one such word.
 */
export function surelyHoldsWord(text: NonNullable<HistoryFilter['text']>, message: SQL): SQL | null {
  const word = text.term.toLowerCase();
  if (text.lexemes.length !== 1 || text.lexemes[0] !== word || !/^[\p{L}\p{N}]+$/u.test(word)) return null;
  // CASE keeps this order (as ANDed conditions the planner ran the regular expression first), and
  // a text without `://` is tested by strpos after a space (1.7 µs), not by the expression (4.5 µs).
  const wordBegins = `(^|[[:space:]])${word}`;
  return sql`case when strpos(lower(${message} collate "C"), ${word}) = 0 then false
                  when strpos(${message}, '<') > 0 then false
                  when strpos(${message}, '://') > 0 then lower(${message}) ~ ${`${wordBegins}(?![^[:space:]]*://)`}
                  else strpos(' ' || lower(${message}), ${` ${word}`}) > 0 or lower(${message}) ~ ${wordBegins} end`;
}

/** `%text%` for ILIKE, with its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The text search's conditions on a message. On the messages table (`onMessages`) the words and the
 * exact text are tested on its send's row of send_texts, whose GIN index holds the words; on a
 * subquery's `message` column (a walk that reads every row anyway) they are computed from that text
 * itself. The texts are equal: neither table's ever changes.
 */
export function textConditions(text: NonNullable<HistoryFilter['text']>, message: SQL, onMessages = false): SQL[] {
  // On the messages table ILIKE, whose selectivity estimate the planner weighs to choose between
  // the text index and the user's newest messages; a walk reads its rows whatever the estimate.
  const contains = onMessages ? (m: SQL) => sql`${m} ilike ${containsPattern(text.term)}` : (m: SQL) => holdsText(m, text.term);
  // A search without a word (punctuation only) has nothing for the index: the exact text alone.
  if (text.lexemes.length === 0) return [contains(message)];
  // Every word of the search must begin a word of the message (the GIN index finds those rows),
  // and ILIKE then keeps only the exact text. A word the search has finished (white space after
  // it) is looked up whole: ILIKE wants it followed by that space, so a message word that begins
  // with it ends with it too (but for one that both begins and ends with it, 'anna' for 'a'),
  // and a whole word is one posting list where 'order':* read every word beginning so (800 000
  // entries for a million messages).
  const query = text.lexemes
    .map((l) => `'${l.replace(/['\\]/g, (c) => c + c)}'${text.lastWord.includes(l) ? ':*' : ''}`)
    .join(' & ');
  const words = (m: SQL) => sql`to_tsvector('simple', ${m}) @@ to_tsquery('simple', ${query})`;
  if (!onMessages) return [words(message), contains(message)];
  // Both tests inside EXISTS on the send's one key, so the planner estimates how many texts match
  // from both and drives either way: a rare text from the index (its few sends, then their
  // messages by messages_batch_idx, then sorted), a common one from the user's newest messages
  // (messages_user_created_idx, each one's send looked up by its key until the page is full).
  // With ILIKE outside on messages.message the planner walked the user's messages for a rare text
  // too (0.6 s for "order 4242" at a million messages); joined on more columns than the key, it
  // multiplied their selectivities and read every send of a common word (1 s for "reminder").
  return [
    sql`exists (select 1 from send_texts t
                 where t.batch_id = ${messages.batchId} and ${words(sql`t.message`)} and ${contains(sql`t.message`)})`,
  ];
}

/** A message's place in the newest-first order, compared in SQL with its own created_at (JavaScript dates would drop its microseconds). */
function positionOf(messageId: string): SQL {
  return sql`(select m2.created_at, m2.id from messages m2 where m2.id = ${messageId}::uuid)`;
}

function historyConditions(f: HistoryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(messages.userId, f.userId)];
  if (f.text) conditions.push(...textConditions(f.text, sql`${messages.message}`, true));
  if (f.recipientDigits) {
    const reversed = [...f.recipientDigits].reverse().join('');
    conditions.push(sql`reverse(${messages.recipient}) like ${`${reversed}%`}`);
  }
  if (f.from) conditions.push(gte(messages.createdAt, f.from));
  if (f.to) conditions.push(lt(messages.createdAt, f.to));
  if (f.status) conditions.push(eq(messages.status, f.status));
  if (f.id) conditions.push(eq(messages.id, f.id));
  if (f.before) conditions.push(sql`(${messages.createdAt}, ${messages.id}) < ${positionOf(f.before)}`);
  return and(...conditions);
}

/** Whether a filter narrows the history beyond "all of the user's messages". */
function narrowsHistory(f: HistoryFilter): boolean {
  return Boolean(f.text || f.recipientDigits || f.from || f.to || f.status || f.id || f.before);
}

/** A page of the history and its total: exact from the user's message count, or capped when filtered. */
export async function findHistory(db: DbOrTx, f: HistoryFilter) {
  // Without parallel workers: starting two of them took ~5 ms of each query that finds little
  // (a rare word, a day), on a machine where concurrent requests share the cores anyway.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const rows = (f.text ? await walkTextPage(tx, f, f.text) : null) ?? (await findHistoryRows(tx, f));
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
 * more; one that it does not find there goes to the planner's query (findHistoryRows).
 */
async function walkTextPage(db: DbOrTx, f: HistoryFilter, text: NonNullable<HistoryFilter['text']>) {
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
  const everything = historyConditions(f);
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
  return countUpTo(db, messages, everything);
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

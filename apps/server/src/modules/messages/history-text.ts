// The History's text search: the search's words, and the tests of a message's text that the
// History's queries use (history.repo.ts). A search matches a message when every word of the
// search begins a word of the message (send_texts' word index finds those) and the message holds
// the searched text as it was typed.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryPreparedRows } from '../../db/query-rows';
import { messages } from '../../db/schema';

export interface TextSearch {
  /** The searched text, trimmed. */
  term: string;
  /** Its words as PostgreSQL's parser splits them (the index's lexemes). */
  lexemes: string[];
  /** The search's last whitespace-separated word, lower case (the one still being typed). */
  lastWord: string;
  /** The lexemes the word index is asked for (lexemesForIndex); the others are tested on its rows. */
  indexed: string[];
}

/** How often a lexeme appears in send_texts, from the word index's statistics (ANALYZE). */
export interface LexemeShares {
  /** The share of sends holding each of the most common lexemes that begins with a searched one. */
  shares: Record<string, number>;
  /** The smallest share in the statistics: any lexeme not among them is rarer. */
  floor: number;
}

/**
 * A word of the search this many times as common as its rarest one is left out of the word
 * index's query, and tested on the rows that the rarer words found. The index reads each word's
 * whole list of sends to intersect them: for "order 42" the 960 000 entries of 'order' took 44 ms,
 * where '42':* alone gave its 9 778 candidates in 1.6 ms and testing them took 7 ms more.
 */
const COMMON_WORD_RATIO = 10;

/**
 * The lexemes to ask the word index for: all of them, but those at least COMMON_WORD_RATIO times
 * as common as the rarest. The last word, still being typed, is a prefix: its share is that of
 * every listed lexeme it begins. Without statistics (a new database) every lexeme is asked for.
 */
export function lexemesForIndex(lexemes: readonly string[], lastWord: string, stats: LexemeShares | null): string[] {
  if (!stats || lexemes.length < 2) return [...lexemes];
  const shareOf = (lexeme: string) => {
    const listed = isPrefix(lexeme, lastWord)
      ? Object.entries(stats.shares).reduce((sum, [elem, share]) => (elem.startsWith(lexeme) ? sum + share : sum), 0)
      : (stats.shares[lexeme] ?? 0);
    return Math.max(listed, stats.floor);
  };
  const rarest = Math.min(...lexemes.map(shareOf));
  return lexemes.filter((l) => shareOf(l) < rarest * COMMON_WORD_RATIO);
}

/** A lexeme of the word the search is still typing is looked up as a prefix (see tsQuery). */
function isPrefix(lexeme: string, lastWord: string): boolean {
  return lastWord.includes(lexeme);
}

/**
 * The search's words as PostgreSQL's own parser splits them, so they match the index, and the
 * shares of the common ones from the index's statistics (to choose lexemesForIndex), in one query.
 * A prepared statement, so it is parsed once per connection; the main pool still plans it for each
 * call's values (db/client.ts MAIN_POOL_OPTIONS), 0.7 ms a search on PostgreSQL, most of it
 * planning the pg_stats view. The statistics alone, without a parameter, would be planned once, but
 * a second round trip for them took 0.49 ms against this query's 0.71 (bench/history.md).
 */
export async function textSearch(db: DbOrTx, text: string): Promise<TextSearch> {
  const term = text.trim();
  const lastWord = term.split(/\s+/).at(-1)!.toLowerCase();
  const [row] = await queryPreparedRows<{ lexemes: string[] | null; floor: number | null; shares: Record<string, number> | null }>(db, sql`
    with words as (select unnest(tsvector_to_array(to_tsvector('simple', ${term}))) as lexeme),
         stats as (select e.elem, e.share
                     from pg_stats s
                    cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(elem, share)
                    where s.schemaname = current_schema() and s.tablename = 'send_texts_text_search_idx' and e.elem is not null)
    select array(select lexeme from words) as lexemes,
           (select min(share) from stats) as floor,
           (select json_object_agg(elem, share) from stats where exists (select 1 from words w where starts_with(stats.elem, w.lexeme))) as shares`);
  const lexemes = row?.lexemes ?? [];
  const stats = row?.floor == null ? null : { floor: Number(row.floor), shares: row.shares ?? {} };
  return { term, lexemes, lastWord, indexed: lexemesForIndex(lexemes, lastWord, stats) };
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
export function surelyHoldsWord(text: TextSearch, message: SQL): SQL | null {
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

/**
 * For a search of words of letters and digits with one space between them ("order 42"), a cheaper
 * test of a text that holds only where the word test (every word of the search begins a word of
 * the text, a finished one is a whole word) holds too; it may miss some matches. The text, lower
 * case, holds the search at its start or after a space. The parser begins a token there, and each
 * word but the last is followed by a space, so each is a whole token; the last begins one. And the
 * text has no `<` (the parser reads `<a title="order 42">` as one tag, whose words it does not
 * index) and no `://` (a protocol head, `http://`, is not indexed either). A strpos costs about a
 * third of the to_tsvector() it spares. Null when the search is not such words.
 */
export function surelyHoldsWords(text: TextSearch, message: SQL): SQL | null {
  if (!/^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u.test(text.term)) return null;
  return sql`(strpos(${message}, '<') = 0 and strpos(${message}, '://') = 0
              and strpos(' ' || lower(${message}), ' ' || lower(${text.term})) > 0)`;
}

/** `%text%` for ILIKE, with its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The lexemes as a tsquery: each word whole, the one still being typed as a prefix. */
function tsQuery(lexemes: readonly string[], lastWord: string): string {
  return lexemes.map((l) => `'${l.replace(/['\\]/g, (c) => c + c)}'${isPrefix(l, lastWord) ? ':*' : ''}`).join(' & ');
}

/**
 * The text search's conditions on a message's text, computed from the text itself: for a walk of
 * messages (or a subquery's `message` column) that reads every row anyway.
 */
export function textConditions(text: TextSearch, message: SQL): SQL[] {
  const contains = holdsText(message, text.term);
  // A search without a word (punctuation only) has nothing for the index: the exact text alone.
  if (text.lexemes.length === 0) return [contains];
  // Every word of the search must begin a word of the message, and the message must hold the
  // exact text. A word the search has finished (white space after it) is looked up whole: the
  // text test wants it followed by that space, so a message word that begins with it ends with it
  // too (but for one that both begins and ends with it, 'anna' for 'a'), and a whole word is one
  // posting list where 'order':* read every word beginning so (800 000 entries for a million
  // messages).
  return [sql`to_tsvector('simple', ${message}) @@ to_tsquery('simple', ${tsQuery(text.lexemes, text.lastWord)})`, contains];
}

/**
 * The word index's condition on a row of send_texts (`t`): its indexed lexemes (lexemesForIndex).
 * Null for a search without a word (punctuation only), which has nothing for the index.
 */
export function sendTextIndexed(text: TextSearch, t: SQL): SQL | null {
  if (text.lexemes.length === 0) return null;
  return sql`to_tsvector('simple', ${t}.message) @@ to_tsquery('simple', ${tsQuery(text.indexed, text.lastWord)})`;
}

/**
 * The test of the words left out of the index's query, on a row the index found (sendTextIndexed), or
 * null when none was. Written as the function behind `@@` (ts_match_vq), so the planner cannot hand
 * it to the index too, and costs it as what it is: a to_tsvector() of the text, 4–5 µs, which
 * runs after the exact text's test on the rows left, or only on the rows a page needs
 * (findTextPageBySends); and where it can, after the cheaper surelyHoldsWords.
 */
export function sendTextWordsLeft(text: TextSearch, t: SQL): SQL | null {
  if (text.indexed.length === text.lexemes.length) return null;
  const words = sql`ts_match_vq(to_tsvector('simple', ${t}.message), to_tsquery('simple', ${tsQuery(text.lexemes, text.lastWord)}))`;
  const surely = surelyHoldsWords(text, sql`${t}.message`);
  // CASE, so the cheaper test runs first.
  return surely ? sql`case when ${surely} then true else ${words} end` : words;
}

/**
 * A message of a send that matches the text search: both tests inside EXISTS on the send's one key,
 * so the planner estimates how many texts match from both and drives either way: a rare text from
 * the index (its few sends, then their messages by messages_batch_idx, then sorted), a common one
 * from the user's newest messages (messages_user_created_idx, each one's send looked up by its key
 * until the page is full). With ILIKE outside on messages.message the planner walked the user's
 * messages for a rare text too (0.6 s for "order 4242" at a million messages); joined on more
 * columns than the key, it multiplied their selectivities and read every send of a common word
 * (1 s for "reminder"). The texts are equal: neither table's ever changes.
 */
export function sendTextMatches(text: TextSearch): SQL {
  // ILIKE for the exact text, whose selectivity estimate the planner weighs here; a query that
  // reads the candidates whatever the estimate tests them with holdsText, at half the cost.
  const t = sql`t`;
  const tests = [sendTextIndexed(text, t), sql`t.message ilike ${containsPattern(text.term)}`, sendTextWordsLeft(text, t)];
  return sql`exists (select 1 from send_texts t where t.batch_id = ${messages.batchId} and ${sql.join(tests.filter((c) => c !== null), sql` and `)})`;
}

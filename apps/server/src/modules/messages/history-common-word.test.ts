// The total of a common word's search (history.repo.ts countTextMatches): the walk of the newest
// messages tries the cheap test first (surelyHoldsWord) and says "1000+" only from matches the exact
// test also finds; where the cheap test misses, the exact walk and then the index still count right.
import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TOTAL_CAP } from '@kurir/core';
import { queryRows } from '../../db/query-rows';
import { createTestApp, type TestApp } from '../../test/helper';
import { surelyHoldsWord, surelyHoldsWords, textConditions, textSearch } from './history-text';
import { customer, newPhone } from './messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

const recipients = (count: number) => Array.from({ length: count }, () => newPhone());

/**
 * A cheap test (surelyHoldsWord for one word, surelyHoldsWords for several) and the exact one the
 * walk uses (textConditions: the words begin words of the text, and the text holds it) on one text.
 */
async function bothTests(text: string, term: string, cheap = surelyHoldsWord) {
  const filter = await textSearch(t.db, term);
  const message = sql`${text}::text`;
  const surely = cheap(filter, message);
  if (!surely) return null;
  const [row] = await queryRows<{ surely: boolean; exact: boolean }>(
    t.db,
    sql`select ${surely} as surely, ${and(...textConditions(filter, message))} as exact`,
  );
  return row!;
}

const wordsTests = (text: string, term: string) => bothTests(text, term, surelyHoldsWords);

describe("the cheap test of a search's words", () => {
  it('never finds a match the exact test does not', async () => {
    const cases: [string, string, boolean, boolean][] = [
      // text, search, cheap test, exact test
      ['Hello, your order 4202 is ready', 'order 42', true, true],
      ['ORDER 42 is here', 'order 42', true, true],
      ['Your order 42.5 kg', 'order 42', true, true],
      ['Your order 42-b', 'order 42', true, true],
      ['Your order 42@shop.example', 'order 42', true, true],
      ['Juha čaka vas', 'juha čaka', true, true],
      // The search inside a word, or its words split otherwise.
      ['Please reorder 42 today', 'order 42', false, false],
      ['Your order 4 2', 'order 42', false, false],
      // Not indexed: words inside a tag, a protocol head.
      ['<a title="order 42">x</a>', 'order 42', false, false],
      ['Track order http://x.example', 'order http', false, false],
      // Matches the cheap test misses (the exact test finds them).
      ['Your\norder 42', 'order 42', false, true],
      ['(order 42)', 'order 42', false, true],
      ['See <b>order 42</b>', 'order 42', false, true],
    ];
    for (const [text, term, surely, exact] of cases) {
      expect(await wordsTests(text, term), `${text} / ${term}`).toEqual({ surely, exact });
    }
    // Only words of letters and digits with one space between them have the cheap test.
    expect(await wordsTests('Your order #42', 'order #42')).toBeNull();
    expect(await wordsTests('Your order  42', 'order  42')).toBeNull();
    expect(await wordsTests('Sale! 50% off', '50% off')).toBeNull();
  });
});

describe("a common word's total", () => {
  it('is counted by a cheap test that never finds a match the exact test does not', async () => {
    const cases: [string, string, boolean, boolean][] = [
      // text, word, cheap test, exact test
      ['Reminder: your visit is tomorrow', 'reminder', true, true],
      ['Your REMINDER is here', 'reminder', true, true],
      ['A short\nreminder', 'reminder', true, true],
      ['Reminders for you', 'remind', true, true],
      ['Order 4242 is ready', '4242', true, true],
      ['čaka vas juha', 'čaka', true, true],
      ['Reminder: pay at https://pay.example', 'reminder', true, true],
      ['xreminder', 'reminder', false, false],
      // Not indexed: a protocol head, and words inside a tag.
      ['see http://shop.example today', 'http', false, false],
      ['reminder://x', 'reminder', false, false],
      ['pay at https://pay.example', 'https', false, false],
      ['<a title="your reminder">hi</a>', 'reminder', false, false],
      // Inside a URL's path: not a word of its own.
      ['go to http://x.com/(reminder now', 'reminder', false, false],
      // Matches the cheap test misses (the exact walk finds them).
      ['an e-reminder', 'reminder', false, true],
      ['Order#followup', 'followup', false, true],
      ['ČAKA vas juha', 'čaka', false, true],
    ];
    for (const [text, term, surely, exact] of cases) {
      expect(await bothTests(text, term), `${text} / ${term}`).toEqual({ surely, exact });
    }
    // Only one word of letters and digits has the cheap test.
    expect(await bothTests('Your order 4242', 'order 4242')).toBeNull();
    expect(await bothTests('Sale! 50% off', '50%')).toBeNull();
  });

  it('reaches the cap from the cheap test, from the exact walk where the cheap test misses, and not from texts that only look alike', async () => {
    const total = async (who: Awaited<ReturnType<typeof customer>>, text: string) => {
      const res = await who.api.history(`?limit=10&text=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      return { total: res.body.total, capped: res.body.total_capped, page: res.body.messages.length };
    };
    const many = LIST_TOTAL_CAP + 100;

    const plain = await customer(t, { credit: 1e9 });
    expect((await plain.api.send({ recipients: recipients(many), message: 'Reminder: your visit is tomorrow' })).status).toBe(200);
    expect(await total(plain, 'reminder')).toEqual({ total: LIST_TOTAL_CAP, capped: true, page: 10 });

    const hashed = await customer(t, { credit: 1e9 });
    expect((await hashed.api.send({ recipients: recipients(many), message: 'Order#followup is ready' })).status).toBe(200);
    expect(await total(hashed, 'followup')).toEqual({ total: LIST_TOTAL_CAP, capped: true, page: 10 });

    // Ten real matches on top of many texts where "http" is only a protocol head: the walk must
    // not count those, and the index gives the exact ten.
    const links = await customer(t, { credit: 1e9 });
    expect((await links.api.send({ recipients: recipients(many), message: 'Track it at http://shop.example/parcel' })).status).toBe(200);
    expect((await links.api.send({ recipients: recipients(10), message: 'http links are not sent' })).status).toBe(200);
    expect(await total(links, 'http')).toEqual({ total: 10, capped: false, page: 10 });
  });
});

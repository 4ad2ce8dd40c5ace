// A text search's pages past the first and their totals (history.repo.ts findHistory): a page
// walked from the newest messages (walkTextPage), or found from the matching sends
// (findTextPageBySends), and a total the page tells (totalFromPage) or counted, are each what the
// plain query over all the user's messages gives, which tests every message's own text.
import { and, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TOTAL_CAP } from '@kurir/core';
import { queryRows } from '../../db/query-rows';
import { createTestApp, type TestApp } from '../../test/helper';
import { textConditions, textSearch } from './history-text';
import { customer, newPhone, userIdOf } from './messages.test-support';

let t: TestApp;
let me: Awaited<ReturnType<typeof customer>>;
let userId: string;
/** A customer with exactly LIST_TOTAL_CAP matches of a common word among the newest messages. */
let atCap: Awaited<ReturnType<typeof customer>>;
let atCapUserId: string;
/** A customer whose newest 2 000 messages hold six matches of a text, and its oldest send ten more. */
let apart: Awaited<ReturnType<typeof customer>>;
let apartUserId: string;
/**
 * A customer of 3 000 one-message sends, a minute apart, all with 'order': the newest 2 500 "order
 * is on its way, ref N", the oldest 500 "order N is ready" (N = 2 501…3 000) but every 50th
 * "reorder N", which holds "order N" but not the word; two sends to each time, and one of them to
 * three recipients.
 */
let orders: Awaited<ReturnType<typeof customer>>;
let ordersUserId: string;
/**
 * A customer of 3 600 one-message sends a minute apart: the oldest 1 500 "Parcel N is ready" (of
 * which the oldest, N = 1 500, went to 1 200 recipients), then 2 100 "Filler N": more matching
 * sends than the cap, none among the newest 2 000 messages.
 */
let crowd: Awaited<ReturnType<typeof customer>>;
let crowdUserId: string;

const recipients = (count: number) => Array.from({ length: count }, () => newPhone());

beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  me = await customer(t, { credit: 1e9 });
  userId = await userIdOf(t.db, me.phone);
  // Oldest first: a rare text, then sends that take turns, so a common word's matches lie among
  // others, and more than the cap of them.
  expect((await me.api.send({ recipients: recipients(3), message: 'Your parcel 777 is on its way' })).status).toBe(200);
  for (let i = 0; i < 12; i++) {
    const message = i % 2 === 0 ? `Reminder: visit number ${i}` : `Hello, order ${i} is ready`;
    expect((await me.api.send({ recipients: recipients(i % 2 === 0 ? 110 : 200), message })).status).toBe(200);
  }
  // The newest: a match that the walk's cheap test misses (surelyHoldsWord) and the exact one finds.
  expect((await me.api.send({ recipients: recipients(5), message: 'Your e-reminder is here' })).status).toBe(200);
  const other = await customer(t, { credit: 1e9 });
  expect((await other.api.send({ recipients: recipients(50), message: 'Reminder: not mine' })).status).toBe(200);
  atCap = await customer(t, { credit: 1e9 });
  atCapUserId = await userIdOf(t.db, atCap.phone);
  for (let i = 0; i < 5; i++) {
    expect((await atCap.api.send({ recipients: recipients(LIST_TOTAL_CAP / 5), message: `Invoice ${i} is due` })).status).toBe(200);
    expect((await atCap.api.send({ recipients: recipients(20), message: `Hello, order ${i} is ready` })).status).toBe(200);
  }
  apart = await customer(t, { credit: 1e9 });
  apartUserId = await userIdOf(t.db, apart.phone);
  expect((await apart.api.send({ recipients: recipients(10), message: 'Ticket 42 is open' })).status).toBe(200);
  for (let i = 0; i < 5; i++) expect((await apart.api.send({ recipients: recipients(500), message: `Filler ${i}` })).status).toBe(200);
  expect((await apart.api.send({ recipients: recipients(6), message: 'Ticket 42 is open' })).status).toBe(200);
  expect((await apart.api.send({ recipients: recipients(100), message: 'Filler, the newest' })).status).toBe(200);
  orders = await customer(t);
  ordersUserId = await userIdOf(t.db, orders.phone);
  await insertGeneratedSends(ordersUserId, 3000, {
    text: sql`case when s.g <= 2500 then 'Hello, your order is on its way, ref ' || s.g
                   when s.g % 50 = 0 then 'Please reorder ' || s.g || ' today'
                   else 'Hello, your order ' || s.g || ' is ready' end`,
    minutesAgo: sql`s.g - s.g % 2`,
    recipients: sql`case when s.g = 2777 then 3 else 1 end`,
  });
  crowd = await customer(t);
  crowdUserId = await userIdOf(t.db, crowd.phone);
  await insertGeneratedSends(crowdUserId, 3600, {
    text: sql`case when s.g <= 2100 then 'Filler ' || s.g else 'Parcel ' || (3601 - s.g) || ' is ready' end`,
    minutesAgo: sql`s.g`,
    recipients: sql`case when s.g = 3600 then 1200 else 1 end`,
  });
});
afterAll(() => t?.close());

/**
 * `count` sends of `owner` written straight into messages (faster than the API for thousands),
 * numbered `s.g` = 1…count. Each send's text, how many minutes ago it was sent and its number of
 * recipients are SQL over `s.g`; every message is delivered, one part, priced 1.
 */
async function insertGeneratedSends(owner: string, count: number, send: { text: SQL; minutesAgo: SQL; recipients: SQL }) {
  await t.db.execute(sql`
    with sends as (select g, gen_random_uuid() as batch from generate_series(1, ${count}::int) g)
    insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                          parts, reserved_price, sms_price, price, created_at)
    select ${owner}::uuid, s.batch, '+3864' || lpad((s.g * 10000 + r)::text, 8, '0'), ${send.text},
           'Kurir', 'sms', 'sms', 'delivered', 1, 1, 1, 1, now() - (${send.minutesAgo}) * interval '1 minute'
      from sends s
     cross join lateral generate_series(1, ${send.recipients}) r`);
}

/** The page and total the plain query gives: every match, newest first, then the page and the cap. */
async function expected(owner: string, text: string, offset: number, limit: number, from?: Date) {
  const search = await textSearch(t.db, text);
  const all = await queryRows<{ id: string }>(
    t.db,
    sql`select id from messages where user_id = ${owner}::uuid and ${and(...textConditions(search, sql`message`))}
           and created_at >= ${(from ?? new Date(0)).toISOString()}::timestamptz
         order by created_at desc, id desc`,
  );
  return {
    ids: all.slice(offset, offset + limit).map((m) => m.id),
    total: Math.min(all.length, LIST_TOTAL_CAP),
    capped: all.length > LIST_TOTAL_CAP,
  };
}

/** Each case's page and total from the History, against the plain query's. */
async function expectPagesAsPlainQuery(who: { api: Awaited<ReturnType<typeof customer>>['api'] }, owner: string, cases: [string, number, number][]) {
  for (const [text, offset, limit] of cases) {
    const res = await who.api.history(`?limit=${limit}&offset=${offset}&text=${encodeURIComponent(text)}`);
    expect(res.status).toBe(200);
    const want = await expected(owner, text, offset, limit);
    const label = `${text} @${offset}/${limit}`;
    expect(res.body.messages.map((m: { id: string }) => m.id), label).toEqual(want.ids);
    expect({ total: res.body.total, capped: res.body.total_capped }, label).toEqual({ total: want.total, capped: want.capped });
  }
}

describe("a text search's pages", () => {
  it('gives every page and total as the plain query does: common, rare and absent texts, first, middle, last and past the end', async () => {
    const cases: [string, number, number][] = [
      ['reminder', 0, 10],
      ['reminder', 10, 10],
      ['reminder', 490, 10], // walked: the 500th match is among the newest 1 500 messages
      ['reminder', 600, 50],
      ['reminder', 660, 10], // the last page, five rows: its total is its own
      ['reminder', 665, 10], // past the end
      ['order', 0, 10],
      ['order', 990, 10], // a full page that ends at the cap
      ['order', 995, 10], // a full page past the cap: more than the cap, without a count
      ['order 7', 0, 10],
      ['parcel 777', 0, 10], // three old matches: the walk misses them, the index finds them
      ['zanzibar', 0, 10],
      ['zanzibar', 20, 10],
    ];
    await expectPagesAsPlainQuery(me, userId, cases);
  });

  it('counts a common word past the page up to the cap and no further: exactly the cap is not more than it', async () => {
    // The count walks on from the page's last row (countTextMatches): the matches up to that row
    // are the page's offset and rows, and only the rest of the cap is counted past it.
    for (const [offset, limit] of [[0, 10], [10, 10], [490, 10], [980, 20]] as const) {
      const res = await atCap.api.history(`?limit=${limit}&offset=${offset}&text=invoice`);
      expect(res.status).toBe(200);
      const want = await expected(atCapUserId, 'invoice', offset, limit);
      expect(want).toMatchObject({ total: LIST_TOTAL_CAP, capped: false });
      const label = `invoice @${offset}/${limit}`;
      expect(res.body.messages.map((m: { id: string }) => m.id), label).toEqual(want.ids);
      expect({ total: res.body.total, capped: res.body.total_capped }, label).toEqual({ total: want.total, capped: want.capped });
    }
  });

  it('finds a page that the walk holds only part of through the index, as the plain query does', async () => {
    // The walk (the newest 2 000 messages) holds six of the matches and the oldest send the other
    // ten, so none of these pages is whole in the walk: each goes to the planner's query
    // (walkTextPage), and its total is the page's own or counted through the index.
    for (const [offset, limit] of [[0, 10], [0, 8], [3, 5], [5, 10], [10, 10]] as const) {
      const res = await apart.api.history(`?limit=${limit}&offset=${offset}&text=${encodeURIComponent('ticket 42')}`);
      expect(res.status).toBe(200);
      const want = await expected(apartUserId, 'ticket 42', offset, limit);
      const label = `ticket 42 @${offset}/${limit}`;
      expect(res.body.messages.map((m: { id: string }) => m.id), label).toEqual(want.ids);
      expect({ total: res.body.total, capped: res.body.total_capped }, label).toEqual({ total: 16, capped: false });
    }
  });

  it("finds a text whose matches are old from its sends, the common word left to the rows the rare one finds", async () => {
    // Without statistics every word goes to the index; with them, 'order' (in every send) is left
    // out of the index's query (lexemesForIndex) and tested on the sends that '27':* finds.
    expect((await textSearch(t.db, 'order 27')).indexed).toEqual(['27', 'order']);
    await t.db.execute(sql`analyze send_texts`);
    expect((await textSearch(t.db, 'order 27')).indexed).toEqual(['27']);
    expect((await textSearch(t.db, 'order 2777 is')).indexed).toEqual(['2777']);
    // The newest 2 000 messages hold none of these, so every page comes from the sends; two sends
    // share each time, so pages end between sends of one time; 2 777 has three messages.
    const cases: [string, number, number][] = [
      ['order 27', 0, 10],
      ['order 27', 5, 10],
      ['order 27', 10, 10],
      ['order 27', 95, 10], // the last page: its total is its own
      ['order 27', 102, 10], // past the end
      ['order 277', 0, 5],
      ['order 2', 0, 10], // every old send: more than a page, counted from the sends
      ['order 2', 490, 20],
      ['ref 2400', 0, 10], // among the newest
      ['order 2777 is', 0, 10], // one send, three messages
      ['order is', 0, 10], // common words only: the index is asked for all of them
    ];
    await expectPagesAsPlainQuery(orders, ordersUserId, cases);
    // More matching sends than the cap, all old: the page and its total from the newest matches.
    await expectPagesAsPlainQuery(crowd, crowdUserId, [
      ['parcel', 0, 10],
      ['parcel is ready', 990, 10], // the page ends at the cap: more sends than the cap match
      ['parcel is', 995, 10], // past the cap: more than the cap, without a count
      ['parcel 1', 0, 10], // 1, 10–19, 100–199, 1 000–1 499 and the 1 200 messages of 1 500
      ['parcel 14', 0, 20], // 14, 140–149 and 1 400–1 499: 111 sends of one message each
      ['parcel 14', 100, 20], // its last page
      ['parcel 14', 120, 20], // past its end
      ['parcel 150', 0, 10], // two sends, 150 and the old one of 1 200 messages: more than the cap
    ]);
    // With a start time: the sends before it are not counted.
    const from = new Date(Date.now() - 2850 * 60_000);
    const res = await orders.api.history(`?limit=10&text=${encodeURIComponent('order 2')}&start_date=${from.toISOString()}`);
    const want = await expected(ordersUserId, 'order 2', 0, 10, from);
    expect(want.total).toBeGreaterThan(300);
    expect(res.body.messages.map((m: { id: string }) => m.id)).toEqual(want.ids);
    expect({ total: res.body.total, capped: res.body.total_capped }).toEqual({ total: want.total, capped: want.capped });
  });
});

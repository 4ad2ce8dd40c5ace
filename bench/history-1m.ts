// How fast the message history and the dashboard statistics answer for a user with 1 000 000
// messages (and 200 000 of other users beside them), through the same service functions the routes
// call (getHistory: the page and the total; getDashboardStats). Rows are made in the database with
// generate_series, through the real migrations and indexes.
// Runs on PGlite; with DATABASE_URL (a PostgreSQL server URL) also on a fresh database there.
//   node --import tsx bench/history-1m.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/history-1m.ts
//   ROWS=200000 node --import tsx bench/history-1m.ts      (a quicker run)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { historyQuerySchema } from '@kurir/core';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { getDashboardStats } from '../apps/server/src/modules/dashboard/stats.service';
import { getHistory } from '../apps/server/src/modules/messages/history.service';
import { runBench } from './support';
import { loadWithoutIndexes } from './timing';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const OTHER_ROWS = Math.round(ROWS / 5);
/** Twenty runs a query, so the p95 (the 19th fastest) means something. */
const RUNS = 20;
const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

const QUERIES: [string, Record<string, string>][] = [
  ['page 1, no filter', {}],
  ['page 500 (offset 4 990), no filter', { offset: '4990' }],
  ['text, rare ("order 4242")', { text: 'order 4242' }],
  ['text, in every 10th row ("reminder")', { text: 'reminder' }],
  ['text, in every 10th row, page 2', { text: 'reminder', offset: '10' }],
  ['text, in every 10th row, page 50', { text: 'reminder', offset: '490' }],
  ['text, in one row of 112, most of them old ("order 42")', { text: 'order 42' }],
  ['text, in six recent rows only ("zebra")', { text: 'zebra' }],
  ['text, in no row ("zanzibar")', { text: 'zanzibar' }],
  ['recipient, last 5 digits ("45678")', { recipient: '45678' }],
  ['recipient, a whole number ("+386 40 007 919")', { recipient: '+386 40 007 919' }],
  ['one day (start_date = end_date)', { start_date: 'DAY', end_date: 'DAY' }],
  ['text + last 30 days', { text: 'order', start_date: 'MONTH_AGO' }],
];

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  await db.execute(sql`insert into users (id, phone) values (${ME}::uuid, '+38641000001'), (${OTHER}::uuid, '+38641000002')`);
  // One message a minute going back in time; a few kinds of text; most delivered. Oldest first, the
  // other user's among them by time: the order in which a server receives them, and so the order
  // of the tables' pages.
  const insert = (from: number, to: number) => db.execute(sql`
    insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                          parts, reserved_price, sms_price, price, processed_at, settled_at, created_at)
    select u.id, gen_random_uuid(), '+3864' || lpad((g::bigint * 7919 % 9999999)::text, 7, '0'),
           case g % 10 when 0 then 'Reminder: your appointment is tomorrow at ' || (g % 12 + 8) || ':00'
                       when 1 then 'Sale! ' || (g % 50) || '% off this weekend only'
                       else 'Hello, your order ' || g || ' is ready for pickup. Thank you!' end,
           'Kurir', 'sms', 'sms',
           (array['delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','failed','sent'])[1 + g % 10],
           1, 79910, 79910, case when g % 10 = 8 then 0 else 79910 end,
           now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g
     cross join (values (${ME}::uuid, 1), (${OTHER}::uuid, 2)) u(id, n)
     where u.n = 1 or g <= ${OTHER_ROWS}
     order by g desc, u.n`);
  // A bulk load builds indexes faster after the rows are in: the same definitions, dropped and remade
  // (those of send_texts too, which the insert trigger fills).
  await loadWithoutIndexes(db, ['messages', 'send_texts'], async () => {
    const chunk = 100_000;
    for (let to = ROWS; to >= 1; to -= chunk) await insert(Math.max(1, to - chunk + 1), to);
    // The trigger writes a statement's sends in the order of its GROUP BY over their random batch
    // ids, so the 100 000 sends of one statement here (70 days) would lie in random order: "order
    // 42"'s 8 889 candidate sends on 3 312 pages instead of 235. A server writes a group of sends
    // of one moment at a time, so its send_texts lie in time order: written again in that order.
    await db.execute(sql`create temp table texts_in_time as select * from send_texts`);
    await db.execute(sql`truncate send_texts`);
    await db.execute(sql`insert into send_texts select * from texts_in_time order by created_at, batch_id`);
    await db.execute(sql`drop table texts_in_time`);
  });
  // A text sent a few times lately and never before, among the newest 42 messages: what a customer
  // most often looks for. (It also puts the common word a little under a tenth of the newest rows.)
  await db.execute(sql`
    insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                          parts, reserved_price, sms_price, price, processed_at, settled_at, created_at)
    select ${ME}::uuid, gen_random_uuid(), '+38640000000', 'Zebra alert number ' || g, 'Kurir', 'sms', 'sms', 'delivered',
           1, 79910, 79910, 79910, now(), now(), now() - g * interval '7 minute'
      from generate_series(1, 6) g`);
}

async function bench(label: string, handle: DatabaseHandle) {
  let started = performance.now();
  await load(handle);
  const f = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
  console.log(`${label}: loaded ${ROWS} + ${OTHER_ROWS} messages and built the indexes in ${f(performance.now() - started)}`);

  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  for (const [name, raw] of QUERIES) {
    const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === 'DAY' ? day : v === 'MONTH_AGO' ? monthAgo : v]));
    const query = historyQuerySchema.parse(params);
    const times: number[] = [];
    let total = '';
    for (let run = 0; run < RUNS; run++) {
      started = performance.now();
      const result = await getHistory(handle.db, ME, query);
      times.push(performance.now() - started);
      total = `${result.total}${result.total_capped ? '+' : ''}`;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = sorted[Math.ceil(RUNS * 0.95) - 1]!;
    console.log(`${label}: history ${name}: median ${f(sorted[Math.floor(RUNS / 2)]!)}, p95 ${f(p95)} (min ${f(sorted[0]!)}, max ${f(sorted.at(-1)!)}), total ${total}`);
  }
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    started = performance.now();
    await getDashboardStats(handle.db, ME);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${label}: dashboard stats: median ${f(sorted[Math.floor(RUNS / 2)]!)} (min ${f(sorted[0]!)}, max ${f(sorted.at(-1)!)})`);
}

runBench({ database: 'history', poolSize: 4 }, bench);

// How fast All Messages answers (a page of 15 and the total) over 1 000 000 messages of 1 000
// users, through the same repo functions the route calls (allMessagesConditions, findAllMessages).
// Runs on PGlite; with DATABASE_URL also on a fresh PostgreSQL database.
//   node --import tsx bench/admin-messages.ts
//   ROWS=200000 node --import tsx bench/admin-messages.ts      (a quicker run)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { allMessagesQuerySchema, searchTerms } from '@kurir/core';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { allMessagesConditions, findAllMessages } from '../apps/server/src/modules/admin/messages/all-messages.repo';
import { runBench } from './support';
import { formatMs, loadWithoutIndexes, timeRuns } from './timing';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const USERS = 1000;
const RUNS = 5;

const QUERIES: [string, Record<string, string>][] = [
  ['page 1, no search', {}],
  ['page 100 (offset 1 485), no search', { offset: '1485' }],
  ['a rare text ("order 424242")', { search: 'order 424242' }],
  ['a user phone ("41000500")', { search: '41000500' }],
  ['a recipient ("40079190")', { search: '40079190' }],
  ['two terms ("order 424242, 41000500")', { search: 'order 424242, 41000500' }],
  ['a status ("failed", 10 % of rows)', { search: 'failed' }],
  ['a common word ("reminder", 10 % of rows)', { search: 'reminder' }],
  ['nothing ("zanzibar")', { search: 'zanzibar' }],
];

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  await db.execute(sql`
    insert into users (id, phone, first_name, last_name)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, '+386410' || lpad(g::text, 5, '0'), 'User', 'No ' || g
    from generate_series(1, ${USERS}::int) g`);
  const insert = (from: number, to: number) => db.execute(sql`
    insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                          parts, reserved_price, sms_price, price, processed_at, settled_at, created_at)
    select ('00000000-0000-4000-8000-' || lpad((1 + g % ${USERS}::int)::text, 12, '0'))::uuid, gen_random_uuid(),
           '+3864' || lpad((g::bigint * 7919 % 9999999)::text, 7, '0'),
           case g % 10 when 0 then 'Reminder: your appointment is tomorrow at ' || (g % 12 + 8) || ':00'
                       when 1 then 'Sale! ' || (g % 50) || '% off this weekend only'
                       else 'Hello, your order ' || g || ' is ready for pickup. Thank you!' end,
           case when g % 4 = 0 then 'SHOP' || (g % 100) else 'Kurir' end, 'sms', 'sms',
           (array['delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','failed','sent'])[1 + g % 10],
           1, 79910, 79910, case when g % 10 = 8 then 0 else 79910 end,
           now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g`);
  // send_texts is filled by the insert trigger: its indexes are dropped and remade too.
  await loadWithoutIndexes(db, ['messages', 'send_texts'], async () => {
    const chunk = 100_000;
    for (let i = 1; i <= ROWS; i += chunk) await insert(i, Math.min(ROWS, i + chunk - 1));
  });
}

async function bench(label: string, handle: DatabaseHandle) {
  const started = performance.now();
  await load(handle);
  console.log(`${label}: loaded ${ROWS} messages of ${USERS} users and built the indexes in ${formatMs(performance.now() - started)}`);
  for (const [name, raw] of QUERIES) {
    const query = allMessagesQuerySchema.parse(raw);
    await timeRuns(
      `${label}: all messages ${name}`,
      RUNS,
      async () => findAllMessages(handle.db, await allMessagesConditions(handle.db, searchTerms(query.search)), query.limit, query.offset),
      (r) => `total ${r.total}, ${r.rows.length} rows`,
    );
  }
}

runBench({ database: 'admin_messages', poolSize: 4 }, bench);

// How fast a user's monthly analytics answer for a user with 1 000 000 messages (one a minute going
// back ~23 months; 200 000 of another user beside them), through the same service function the
// route calls (getMonthlyStats over the 6-month window, and a 24-month window), the first call
// (which fills the monthly rollup of settled months) and the calls after it.
// Runs on PGlite; with DATABASE_URL also on a fresh PostgreSQL database.
//   node --import tsx bench/admin-analytics.ts
//   ROWS=200000 node --import tsx bench/admin-analytics.ts      (a quicker run)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { analyticsWindow, getMonthlyStats } from '../apps/server/src/modules/admin/analytics/analytics.service';
import { runBench } from './support';
import { formatMs, loadWithoutIndexes, timeRuns } from './timing';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const OTHER_ROWS = Math.round(ROWS / 5);
const RUNS = 5;
const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  await db.execute(sql`insert into users (id, phone) values (${ME}::uuid, '+38641000001'), (${OTHER}::uuid, '+38641000002')`);
  const insert = (user: string, from: number, to: number) => db.execute(sql`
    insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                          parts, reserved_price, sms_price, price, processed_at, settled_at, created_at)
    select ${user}::uuid, gen_random_uuid(), '+3864' || lpad((g::bigint * 7919 % 9999999)::text, 7, '0'),
           'Hello, your order ' || g || ' is ready.', 'Kurir',
           case when g % 5 = 0 then 'viber' else 'sms' end, case when g % 5 = 0 then 'viber' else 'sms' end,
           case when g % 10 = 8 then 'failed' else 'delivered' end,
           1, 79910, 79910, case when g % 10 = 8 then 0 when g % 5 = 0 then 30000 else 79910 end,
           now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g`);
  await loadWithoutIndexes(db, ['messages', 'send_texts'], async () => {
    const chunk = 100_000;
    for (let i = 1; i <= ROWS; i += chunk) await insert(ME, i, Math.min(ROWS, i + chunk - 1));
    for (let i = 1; i <= OTHER_ROWS; i += chunk) await insert(OTHER, i, Math.min(OTHER_ROWS, i + chunk - 1));
  });
  // Product purchases in the ledger, one a day.
  await db.execute(sql`
    insert into transactions (user_id, type, amount, balance_before, balance_after, description, created_at)
    select ${ME}::uuid, 'product_purchase', -2990000, 1000000000, 1000000000 - 2990000, 'Schedule Send', now() - g * interval '1 day'
    from generate_series(1, 700) g`);
}

async function bench(label: string, handle: DatabaseHandle) {
  const started = performance.now();
  await load(handle);
  console.log(`${label}: loaded ${ROWS} + ${OTHER_ROWS} messages and built the indexes in ${formatMs(performance.now() - started)}`);
  const six = analyticsWindow({});
  const inWindow = (r: Awaited<ReturnType<typeof getMonthlyStats>>) => `${r.reduce((s, m) => s + m.smsCount + m.viberCount, 0)} messages in the window`;
  // The first call counts the settled months and stores them (message_month_totals); later calls
  // read those and count only the recent month(s) live.
  await timeRuns(`${label}: analytics, 6 months ending this month, first call (cold)`, 1, () => getMonthlyStats(handle.db, ME, six), inWindow);
  await timeRuns(`${label}: analytics, 6 months ending this month`, RUNS, () => getMonthlyStats(handle.db, ME, six), inWindow);
  const now = new Date();
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 15)).toISOString().slice(0, 10);
  await timeRuns(`${label}: analytics, 6 months ending a year ago`, RUNS, () => getMonthlyStats(handle.db, ME, analyticsWindow({ endDate: end })), inWindow);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 23, 1)).toISOString().slice(0, 10);
  await timeRuns(`${label}: analytics, 24 months, first call (cold)`, 1, () => getMonthlyStats(handle.db, ME, analyticsWindow({ startDate: start })), inWindow);
  await timeRuns(`${label}: analytics, 24 months`, RUNS, () => getMonthlyStats(handle.db, ME, analyticsWindow({ startDate: start })), inWindow);
}

runBench({ database: 'admin_analytics', poolSize: 4 }, bench);

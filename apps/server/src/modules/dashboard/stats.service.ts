// The dashboard statistics of one user, from their messages (definitions in dashboardStatsSchema):
// a message counts as sent once it left the queue (accepted by a provider, or finally refused),
// on the day (UTC) it did; delivered and failed are its final states; Viber usage is this month's
// messages sent as Viber. Every figure is read from the (user_id, processed_at, status) index.
import { sql } from 'drizzle-orm';
import { DEFAULT_VIBER_LIMIT, type DashboardStats } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';

const DAYS = 30;

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));

/** This month over last month, in percent; from nothing to something counts as +100 %. */
export function growth(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return round1(((thisMonth - lastMonth) / lastMonth) * 100);
}

export async function getDashboardStats(db: DbOrTx, userId: string, now = new Date()): Promise<DashboardStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAYS - 1)));

  const totals = await queryRows<Record<string, string | number>>(db, sql`
    select count(*) as total,
           count(*) filter (where status = 'delivered') as delivered,
           count(*) filter (where status = 'failed') as failed,
           count(*) filter (where processed_at >= ${monthStart.toISOString()}::timestamptz) as this_month,
           count(*) filter (where processed_at >= ${lastMonthStart.toISOString()}::timestamptz
                              and processed_at < ${monthStart.toISOString()}::timestamptz) as last_month
      from messages
     where user_id = ${userId}::uuid and processed_at is not null`);
  const viber = await queryRows<{ n: string | number }>(db, sql`
    select count(*) as n from messages
     where user_id = ${userId}::uuid and processed_at >= ${monthStart.toISOString()}::timestamptz
       and requested_channel = 'viber'`);
  const days = await queryRows<{ day: string; sent: string | number; delivered: string | number; failed: string | number }>(db, sql`
    select to_char(processed_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           count(*) as sent,
           count(*) filter (where status = 'delivered') as delivered,
           count(*) filter (where status = 'failed') as failed
      from messages
     where user_id = ${userId}::uuid and processed_at >= ${firstDay.toISOString()}::timestamptz
     group by 1`);

  const t = totals[0] ?? {};
  const n = (v: unknown) => Number(v ?? 0);
  const totalSent = n(t.total);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const daily = Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const d = byDay.get(date);
    return { date, sent: n(d?.sent), delivered: n(d?.delivered), failed: n(d?.failed) };
  });
  return {
    totalSent,
    delivered: n(t.delivered),
    failed: n(t.failed),
    lastMonthGrowth: growth(n(t.this_month), n(t.last_month)),
    deliveryRate: percent(n(t.delivered), totalSent),
    failureRate: percent(n(t.failed), totalSent),
    totalViber: n(viber[0]?.n),
    viberLimit: DEFAULT_VIBER_LIMIT,
    daily,
  };
}

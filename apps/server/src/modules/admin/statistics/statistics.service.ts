// Platform figures for the admin Statistics page: messages per day by channel and status, revenue
// per month from the ledger, delivery rate per channel and the top customers by spend.
import { sql } from 'drizzle-orm';
import { analyticsMonths, microsToEuros, type StatisticsQuery, type StatisticsResponse } from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { queryRows } from '../../../db/query-rows';

type Counts = { pending: number; sent: number; delivered: number; failed: number };
const emptyCounts = (): Counts => ({ pending: 0, sent: 0, delivered: 0, failed: 0 });

export async function getStatistics(db: DbOrTx, q: StatisticsQuery, now = new Date()): Promise<StatisticsResponse> {
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (q.days - 1)));
  const months = analyticsMonths({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }, q.months);
  const firstMonth = new Date(Date.UTC(months[0]!.year, months[0]!.month - 1, 1));

  // Messages by the day they were created (the index messages_created_idx bounds the scan). Test-key
  // messages are left out: the simulator's outcomes are not the providers' delivery rates.
  const perDay = await queryRows<{ day: string; channel: 'sms' | 'viber'; status: string; n: number }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, channel, status, count(*)::int as n
        from messages where created_at >= ${firstDay.toISOString()}::timestamptz and sent_by_admin_id is null and not test
        group by 1, 2, 3`,
  );
  const daily: StatisticsResponse['daily'] = [];
  for (let i = 0; i < q.days; i++) {
    const date = new Date(firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const entry = { date, sms: emptyCounts(), viber: emptyCounts() };
    for (const row of perDay.filter((r) => r.day === date)) {
      if (row.status in entry[row.channel]) entry[row.channel][row.status as keyof Counts] += row.n;
    }
    daily.push(entry);
  }

  const ledger = await queryRows<{ month: string; type: string; total: string }>(
    db,
    sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, type, sum(amount)::text as total
        from transactions where created_at >= ${firstMonth.toISOString()}::timestamptz group by 1, 2`,
  );
  const sumOf = (key: string, types: string[]) => ledger.filter((r) => r.month === key && types.includes(r.type)).reduce((s, r) => s + Number(r.total), 0);
  const revenueByMonth = months.map((m) => {
    const key = `${m.year}-${String(m.month).padStart(2, '0')}`;
    return {
      year: m.year,
      month: m.month,
      topUps: microsToEuros(sumOf(key, ['topup'])),
      purchases: microsToEuros(-sumOf(key, ['product_purchase'])),
      messages: microsToEuros(-sumOf(key, ['sms_cost', 'viber_cost', 'refund'])),
      creditAdded: microsToEuros(sumOf(key, ['credit_addition'])),
    };
  });

  const deliveryRate = (['sms', 'viber'] as const).map((channel) => {
    const delivered = perDay.filter((r) => r.channel === channel && r.status === 'delivered').reduce((s, r) => s + r.n, 0);
    const failed = perDay.filter((r) => r.channel === channel && r.status === 'failed').reduce((s, r) => s + r.n, 0);
    const settled = delivered + failed;
    return { channel, delivered, failed, rate: settled === 0 ? 0 : Math.round((delivered / settled) * 1000) / 10 };
  });

  const top = await queryRows<{ user_id: string; phone: string; name: string | null; spent: string; messages: number }>(
    db,
    sql`select t.user_id, u.phone,
               coalesce(u.company_name, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')) as name,
               (-sum(t.amount))::text as spent,
               count(*) filter (where t.type in ('sms_cost', 'viber_cost'))::int as messages
        from transactions t join users u on u.id = t.user_id
        where t.created_at >= ${firstMonth.toISOString()}::timestamptz
          and t.type in ('sms_cost', 'viber_cost', 'refund', 'product_purchase')
        group by t.user_id, u.phone, u.company_name, u.first_name, u.last_name
        having -sum(t.amount) > 0
        order by -sum(t.amount) desc, t.user_id
        limit ${q.top}`,
  );
  return {
    daily,
    revenueByMonth,
    deliveryRate,
    topCustomers: top.map((r) => ({ userId: r.user_id, phone: r.phone, name: r.name, spent: microsToEuros(Number(r.spent)), messages: r.messages })),
  };
}

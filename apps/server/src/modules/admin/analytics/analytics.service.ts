// A user's monthly analytics. Messages count in the month they left the queue (processed_at), at
// the price the customer finally pays (0 once refunded); the query reads only the covering index
// messages_user_processed_price_idx. Product purchases come from the ledger.
import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  ANALYTICS_MAX_MONTHS,
  ANALYTICS_MESSAGES,
  ANALYTICS_WINDOW_MONTHS,
  analyticsMonths,
  isAfterMonth,
  microsToEuros,
  shiftMonth,
  type AnalyticsQuery,
  type MonthlyStatsRow,
} from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { messages, transactions } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';

interface Month {
  year: number;
  month: number;
}

const monthOf = (text: string): Month => {
  const d = new Date(text.length === 7 ? `${text}-01` : text);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
};
const monthIndex = (m: Month) => m.year * 12 + m.month - 1;
const startOf = (m: Month) => new Date(Date.UTC(m.year, m.month - 1, 1));

/** The window's months, oldest first: startDate's month (default: five before the end) to endDate's. */
export function analyticsWindow(query: AnalyticsQuery, now = new Date()): Month[] {
  const current = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const end = query.endDate ? monthOf(query.endDate) : current;
  if (isAfterMonth(end, current)) throw badRequest(ANALYTICS_MESSAGES.pastCurrentMonth, 'analytics_future');
  const start = query.startDate ? monthOf(query.startDate) : analyticsMonths(end, ANALYTICS_WINDOW_MONTHS)[0]!;
  const count = monthIndex(end) - monthIndex(start) + 1;
  if (count < 1) throw badRequest(ANALYTICS_MESSAGES.startAfterEnd, 'analytics_order');
  if (count > ANALYTICS_MAX_MONTHS) throw badRequest(ANALYTICS_MESSAGES.tooLong, 'analytics_too_long');
  return analyticsMonths(end, count);
}

export async function getMonthlyStats(db: DbOrTx, userId: string, months: Month[]): Promise<MonthlyStatsRow[]> {
  const from = startOf(months[0]!);
  // The end is exclusive: the first day of the month after the window's last month.
  const to = startOf(shiftMonth(months[months.length - 1]!, 1));
  const month = sql<string>`to_char(date_trunc('month', ${messages.processedAt} at time zone 'UTC'), 'YYYY-MM')`;
  const sent = await db
    .select({ month, channel: messages.channel, count: sql<number>`count(*)`.mapWith(Number), spent: sql<number>`coalesce(sum(${messages.price}), 0)::bigint`.mapWith(Number) })
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        isNotNull(messages.processedAt),
        isNull(messages.sentByAdminId),
        gte(messages.processedAt, from),
        lt(messages.processedAt, to),
      ),
    )
    .groupBy(sql`1`, messages.channel);
  const ledgerMonth = sql<string>`to_char(date_trunc('month', ${transactions.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const bought = await db
    .select({ month: ledgerMonth, count: sql<number>`count(*)`.mapWith(Number), spent: sql<number>`coalesce(-sum(${transactions.amount}), 0)::bigint`.mapWith(Number) })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'product_purchase'), gte(transactions.createdAt, from), lt(transactions.createdAt, to)))
    .groupBy(sql`1`);

  return months.map((m) => {
    const key = `${m.year}-${String(m.month).padStart(2, '0')}`;
    const sms = sent.find((s) => s.month === key && s.channel === 'sms');
    const viber = sent.find((s) => s.month === key && s.channel === 'viber');
    const products = bought.find((b) => b.month === key);
    const smsSpent = sms?.spent ?? 0;
    const viberSpent = viber?.spent ?? 0;
    const productsSpent = products?.spent ?? 0;
    return {
      year: m.year,
      month: m.month,
      smsCount: sms?.count ?? 0,
      smsSpent: microsToEuros(smsSpent),
      viberCount: viber?.count ?? 0,
      viberSpent: microsToEuros(viberSpent),
      productPurchases: products?.count ?? 0,
      productsSpent: microsToEuros(productsSpent),
      totalSpent: microsToEuros(smsSpent + viberSpent + productsSpent),
    };
  });
}

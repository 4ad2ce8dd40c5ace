// A user's monthly analytics. Messages count in the month they left the queue (processed_at), at
// the price the customer finally pays (0 once refunded). Months that are over and settled are
// counted once and kept in message_month_totals (a monthly rollup filled on first use); in the
// months still open, the settled days are kept the same way in message_day_totals, and only the
// last SETTLED_AFTER_DAYS days are counted live from the covering index
// messages_user_processed_price_idx. Product purchases come from the ledger
// (transactions_user_created_idx).
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
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
import { messageDayTotals, messageMonthTotals, messages, transactions } from '../../../db/schema';
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

/** A month that ended this long ago has every message settled: its totals are final. */
export const SETTLED_AFTER_DAYS = 7;

type MessageTotals = Omit<typeof messageMonthTotals.$inferSelect, 'userId' | 'computedAt'>;
const keyOf = (m: Month) => `${m.year}-${String(m.month).padStart(2, '0')}-01`;

type Unit = 'month' | 'day';
const DAY_MS = 86_400_000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const monthKeyOfDay = (day: string) => `${day.slice(0, 7)}-01`;
const none = (key: string): MessageTotals => ({ month: key, smsCount: 0, smsSpent: 0, viberCount: 0, viberSpent: 0 });

/** Counts and spend per month (or day) and channel, from the covering index, for [from, to). */
async function countMessages(db: DbOrTx, userId: string, from: Date, to: Date, unit: Unit = 'month'): Promise<Map<string, MessageTotals>> {
  const period = sql<string>`to_char(date_trunc(${unit}, ${messages.processedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ period, channel: messages.channel, count: sql<number>`count(*)`.mapWith(Number), spent: sql<number>`coalesce(sum(${messages.price}), 0)::bigint`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNotNull(messages.processedAt), isNull(messages.sentByAdminId), gte(messages.processedAt, from), lt(messages.processedAt, to)))
    .groupBy(sql`1`, messages.channel);
  const totals = new Map<string, MessageTotals>();
  for (const r of rows) {
    const t = totals.get(r.period) ?? none(r.period);
    if (r.channel === 'sms') Object.assign(t, { smsCount: r.count, smsSpent: r.spent });
    else Object.assign(t, { viberCount: r.count, viberSpent: r.spent });
    totals.set(r.period, t);
  }
  return totals;
}

function add(into: Map<string, MessageTotals>, key: string, t: MessageTotals) {
  const sum = into.get(key) ?? none(key);
  into.set(key, {
    month: key,
    smsCount: sum.smsCount + t.smsCount,
    smsSpent: sum.smsSpent + t.smsSpent,
    viberCount: sum.viberCount + t.viberCount,
    viberSpent: sum.viberSpent + t.viberSpent,
  });
}

/** The settled days [from, to) from message_day_totals, counting (once, then kept) the days missing there. */
async function settledDays(db: DbOrTx, userId: string, from: Date, to: Date): Promise<MessageTotals[]> {
  const wanted: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) wanted.push(dayKey(new Date(t)));
  if (wanted.length === 0) return [];
  const stored = await db
    .select()
    .from(messageDayTotals)
    .where(and(eq(messageDayTotals.userId, userId), gte(messageDayTotals.day, wanted[0]!), lt(messageDayTotals.day, dayKey(to))));
  const byDay = new Map(stored.map((r) => [r.day, { month: r.day, smsCount: r.smsCount, smsSpent: r.smsSpent, viberCount: r.viberCount, viberSpent: r.viberSpent }]));
  const missing = wanted.filter((d) => !byDay.has(d));
  if (missing.length > 0) {
    const counted = await countMessages(db, userId, new Date(`${missing[0]}T00:00:00Z`), to, 'day');
    const rows = missing.map((d) => counted.get(d) ?? none(d));
    await db
      .insert(messageDayTotals)
      .values(rows.map((r) => ({ userId, day: r.month, smsCount: r.smsCount, smsSpent: r.smsSpent, viberCount: r.viberCount, viberSpent: r.viberSpent })))
      .onConflictDoNothing();
    for (const r of rows) byDay.set(r.month, r);
  }
  return wanted.map((d) => byDay.get(d)!);
}

/**
 * Message totals of every month of the window: settled months from message_month_totals (counted
 * once, the first time they are asked for, and stored); in the open months, settled days from
 * message_day_totals (the same way) and the days since counted live.
 */
async function messageTotals(db: DbOrTx, userId: string, months: Month[], now: Date): Promise<Map<string, MessageTotals>> {
  const settled = (m: Month) => startOf(shiftMonth(m, 1)).getTime() + SETTLED_AFTER_DAYS * DAY_MS <= now.getTime();
  const closed = months.filter(settled);
  const totals = new Map<string, MessageTotals>();
  if (closed.length > 0) {
    const stored = await db.select().from(messageMonthTotals).where(and(eq(messageMonthTotals.userId, userId), inArray(messageMonthTotals.month, closed.map(keyOf))));
    for (const row of stored) totals.set(row.month, row);
    const missing = closed.filter((m) => !totals.has(keyOf(m)));
    if (missing.length > 0) {
      const counted = await countMessages(db, userId, startOf(missing[0]!), startOf(shiftMonth(missing[missing.length - 1]!, 1)));
      const rows = missing.map((m) => counted.get(keyOf(m)) ?? none(keyOf(m)));
      await db.insert(messageMonthTotals).values(rows.map((r) => ({ ...r, userId }))).onConflictDoNothing();
      for (const r of rows) totals.set(r.month, r);
    }
  }
  const open = months.filter((m) => !settled(m));
  if (open.length > 0) {
    const from = startOf(open[0]!);
    const to = startOf(shiftMonth(open[open.length - 1]!, 1));
    // Whole days that ended SETTLED_AFTER_DAYS ago are final, like settled months.
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const liveFrom = new Date(Math.min(to.getTime(), Math.max(from.getTime(), today - SETTLED_AFTER_DAYS * DAY_MS)));
    for (const day of await settledDays(db, userId, from, liveFrom)) add(totals, monthKeyOfDay(day.month), day);
    for (const [k, v] of await countMessages(db, userId, liveFrom, to)) add(totals, k, v);
  }
  return totals;
}

export async function getMonthlyStats(db: DbOrTx, userId: string, months: Month[], now = new Date()): Promise<MonthlyStatsRow[]> {
  const from = startOf(months[0]!);
  const to = startOf(shiftMonth(months[months.length - 1]!, 1));
  const sent = await messageTotals(db, userId, months, now);
  const ledgerMonth = sql<string>`to_char(date_trunc('month', ${transactions.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const bought = await db
    .select({ month: ledgerMonth, count: sql<number>`count(*)`.mapWith(Number), spent: sql<number>`coalesce(-sum(${transactions.amount}), 0)::bigint`.mapWith(Number) })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'product_purchase'), gte(transactions.createdAt, from), lt(transactions.createdAt, to)))
    .groupBy(sql`1`);

  return months.map((m) => {
    const messagesOfMonth = sent.get(keyOf(m));
    const products = bought.find((b) => b.month === keyOf(m));
    const smsSpent = messagesOfMonth?.smsSpent ?? 0;
    const viberSpent = messagesOfMonth?.viberSpent ?? 0;
    const productsSpent = products?.spent ?? 0;
    return {
      year: m.year,
      month: m.month,
      smsCount: messagesOfMonth?.smsCount ?? 0,
      smsSpent: microsToEuros(smsSpent),
      viberCount: messagesOfMonth?.viberCount ?? 0,
      viberSpent: microsToEuros(viberSpent),
      productPurchases: products?.count ?? 0,
      productsSpent: microsToEuros(productsSpent),
      totalSpent: microsToEuros(smsSpent + viberSpent + productsSpent),
    };
  });
}

// The admin dashboard's live figures, each one query. "Today" and "this month" are UTC. Message
// counts are of messages that left the queue (processed) in the period, by the channel that
// carried them; revenue is the money customers paid in (card top-ups): product purchases are paid
// from that balance, so adding them counted the same euros twice; they are shown beside it as what
// the balance bought. Messages sent with a test API key are left out: the simulator "delivered"
// them, no network carried them.
import { and, count, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { microsToEuros, type AdminDashboard } from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { messages, smsTemplates, transactions, users } from '../../../db/schema';

export async function getDashboardFigures(db: DbOrTx, now = new Date()): Promise<AdminDashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [people] = await db
    .select({ total: count(), active: sql<number>`count(*) filter (where ${users.status} = 'active')`.mapWith(Number) })
    .from(users);
  const sent = await db
    .select({
      channel: messages.channel,
      month: count(),
      today: sql<number>`count(*) filter (where ${messages.processedAt} >= ${today.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(messages)
    .where(and(isNotNull(messages.processedAt), gte(messages.processedAt, month), eq(messages.test, false)))
    .groupBy(messages.channel);
  const [templates] = await db.select({ n: count() }).from(smsTemplates).where(isNull(smsTemplates.ownerUserId));
  const revenue = await db
    .select({ type: transactions.type, total: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`.mapWith(Number) })
    .from(transactions)
    .where(and(inArray(transactions.type, ['topup', 'product_purchase']), gte(transactions.createdAt, month)))
    .groupBy(transactions.type);
  const of = (channel: 'sms' | 'viber') => sent.find((s) => s.channel === channel);
  const topUps = Math.abs(revenue.find((r) => r.type === 'topup')?.total ?? 0);
  const purchases = Math.abs(revenue.find((r) => r.type === 'product_purchase')?.total ?? 0);
  return {
    totalUsers: people?.total ?? 0,
    activeUsers: people?.active ?? 0,
    smsToday: of('sms')?.today ?? 0,
    smsThisMonth: of('sms')?.month ?? 0,
    viberToday: of('viber')?.today ?? 0,
    viberThisMonth: of('viber')?.month ?? 0,
    activeTemplates: templates?.n ?? 0,
    revenueThisMonth: microsToEuros(topUps),
    topUpsThisMonth: microsToEuros(topUps),
    purchasesThisMonth: microsToEuros(purchases),
  };
}


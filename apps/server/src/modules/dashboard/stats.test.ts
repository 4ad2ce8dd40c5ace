// GET /api/dashboard/stats: real figures from the user's own messages (definitions in
// dashboardStatsSchema): sent, delivered and failed, the rates, the month-over-month growth,
// this month's Viber usage, and the last 30 days.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { FakeProvider, customer, dispatcherFor, messagesOf, newPhone } from '../messages/messages.test-support';
import { growth } from './stats.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

const stats = async (cookie: string) => t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { cookie } });

describe('dashboard statistics', () => {
  it('are all zero for a new user, with 30 empty days', async () => {
    const { cookie } = await customer(t);
    const res = await stats(cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalSent: 0, delivered: 0, failed: 0, lastMonthGrowth: 0, deliveryRate: 0, failureRate: 0, totalViber: 0, viberLimit: 7500 });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), sent: 0, delivered: 0, failed: 0 });
  });

  it('count what happened to my messages, and only mine', async () => {
    const me = await customer(t, { products: ['Viber', 'Schedule Send'] });
    await me.api.send({ recipients: [newPhone(), newPhone(), newPhone(), newPhone()], message: 'Hi' });
    await me.api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' });
    await me.api.schedule({ recipient: newPhone(), message: 'Later', scheduledFor: new Date(Date.now() + 3_600_000).toISOString(), channel: 'sms' });
    const fake = new FakeProvider();
    await dispatcherFor(t.db, fake).runOnce();
    const rows = (await messagesOf(t.db, me.phone)).filter((r) => r.status === 'sent');
    const sms = rows.filter((r) => r.channel === 'sms');
    await fake.receipt(sms[0]!.providerMessageId!, 'delivered');
    await fake.receipt(sms[1]!.providerMessageId!, 'delivered');
    await fake.receipt(sms[2]!.providerMessageId!, 'failed', 'Unknown subscriber');
    await fake.receipt(rows.find((r) => r.channel === 'viber')!.providerMessageId!, 'delivered');
    const other = await customer(t);
    await other.api.send({ recipient: newPhone(), message: 'Not mine' });

    const body = (await stats(me.cookie)).json();
    expect(body).toMatchObject({ totalSent: 5, delivered: 3, failed: 1, deliveryRate: 60, failureRate: 20, totalViber: 1, lastMonthGrowth: 100 });
    expect(body.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), sent: 5, delivered: 3, failed: 1 });

    // One of them moved to last month: 4 this month against 1.
    const now = new Date();
    await t.db
      .update(messages)
      .set({ processedAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12)) })
      .where(inArray(messages.id, [sms[3]!.id]));
    expect((await stats(me.cookie)).json()).toMatchObject({ totalSent: 5, lastMonthGrowth: 300 });
    await t.db.update(messages).set({ processedAt: now }).where(eq(messages.id, sms[3]!.id));
  });

  it('need a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });

  it('compute growth in percent, from nothing as +100 %', () => {
    expect([growth(0, 0), growth(5, 0), growth(3, 4), growth(4, 4), growth(2, 3)]).toEqual([0, 100, -25, 0, -33.3]);
  });
});

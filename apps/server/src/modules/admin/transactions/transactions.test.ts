// The ledger seen by admins: a user's entries (20 a page), the export (raw descriptions, the CSV is
// built in the browser), the all-users list with its four summaries, the integrity test, and the
// monthly analytics checked against sums computed by hand.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { changeBalance } from '../../billing/ledger';
import { analyticsWindow, getMonthlyStats } from '../analytics/analytics.service';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

async function entry(userId: string, amount: number, type: 'credit_addition' | 'product_purchase' | 'sms_cost' | 'topup' | 'viber_cost' | 'refund', description: string = type, at?: Date) {
  await t.db.transaction(async (tx) => {
    const change = await changeBalance(tx, { userId, amount, type, description });
    if (at) await tx.execute(sql`update transactions set created_at = ${at.toISOString()}::timestamptz where id = ${change.transactionId}::uuid`);
  });
}

describe("a user's transactions and the export", () => {
  it('pages 20 at a time with the pagination block', async () => {
    const user = await signedIn(t, '+38641830001');
    for (let i = 0; i < 24; i++) await entry(user.id, 10_000, 'credit_addition', `Addition ${i}`);
    const first = await admin.call('GET', `/api/admin/users/${user.id}/transactions?page=1&limit=20`);
    expect(first.body.transactions).toHaveLength(20);
    expect(first.body.pagination).toEqual({ total: 25, page: 1, totalPages: 2 });
    expect(first.body.transactions[0]).toMatchObject({ type: 'credit_addition', amount: 0.01, description: 'Addition 23' });
    const second = await admin.call('GET', `/api/admin/users/${user.id}/transactions?page=2`);
    expect(second.body.transactions.map((x: { description: string }) => x.description).at(-1)).toBe('Free starter credit');
  });

  it("exports every entry with the raw description (escaping is the CSV writer's)", async () => {
    const user = await signedIn(t, '+38641830002');
    await entry(user.id, 1_000_000, 'credit_addition', '=HYPERLINK("http://evil")');
    const res = await admin.call('GET', `/api/admin/transactions/export?userId=${user.id}`);
    expect(res.body.success).toBe(true);
    expect(res.body.transactions[0]).toMatchObject({ description: '=HYPERLINK("http://evil")', balanceBefore: 2, balanceAfter: 3, referenceId: null });
    expect((await admin.call('GET', '/api/admin/transactions/export?userId=nope')).status).toBe(400);
  });
});

describe('GET /api/admin/transactions', () => {
  it('lists everyone newest first, filters by user, and sums the four types', async () => {
    const user = await signedIn(t, '+38641830003');
    await entry(user.id, 4_000_000, 'topup');
    await entry(user.id, -1_500_000, 'product_purchase');
    await entry(user.id, -300_000, 'sms_cost');
    await entry(user.id, -200_000, 'viber_cost');
    await entry(user.id, 50_000, 'refund');
    const res = await admin.call('GET', `/api/admin/transactions?userId=${user.id}`);
    expect(res.body.summary).toEqual({
      credit_addition: { total: 0, count: 0 },
      sms_cost: { total: 0.5, count: 2 },
      purchase: { total: 1.5, count: 1 },
      top_up: { total: 4, count: 1 },
    });
    expect(res.body.transactions.map((x: { type: string }) => x.type)).toEqual(['refund', 'sms_cost', 'sms_cost', 'purchase', 'top_up', 'starter_credit']);
    expect(res.body.transactions[0]).toMatchObject({ userPhone: '+38641830003', userName: null, amount: 0.05, status: 'completed' });
    const all = await admin.call('GET', '/api/admin/transactions');
    expect(all.body.total).toBeGreaterThan(res.body.total);
  });
});

describe('POST /api/test-transactions', () => {
  it('reports success on a clean ledger, and names the user whose balance was corrupted', async () => {
    const clean = await t.app.inject({ method: 'POST', url: '/api/test-transactions', headers: { cookie: admin.cookie, 'content-type': 'application/json' } });
    expect(clean.json()).toMatchObject({ success: true, message: 'Transaction system test completed successfully!', error: null, problems: [] });

    const victim = await signedIn(t, '+38641830004');
    await t.db.update(users).set({ credit: 123_000_000 }).where(eq(users.id, victim.id));
    const broken = await admin.call('POST', '/api/test-transactions');
    expect(broken.body.success).toBe(false);
    expect(broken.body.problems).toEqual([expect.objectContaining({ userId: victim.id, userPhone: '+38641830004', kind: 'balance_mismatch' })]);
    expect(broken.body.error).toContain('+38641830004');
    await t.db.update(users).set({ credit: 2_000_000 }).where(eq(users.id, victim.id));
  });
});

describe('GET /api/admin/users/{id}/analytics', () => {
  async function message(userId: string, at: string, channel: 'sms' | 'viber', price: number, status: 'delivered' | 'failed' = 'delivered') {
    await t.db.insert(messages).values({
      userId, batchId: randomUUID(), recipient: '+38640111222', message: 'x', senderName: 'Kurir', requestedChannel: channel, channel, status,
      parts: 1, reservedPrice: price, smsPrice: price, price, processedAt: new Date(at), createdAt: new Date(at),
    });
  }

  it('sums a six-month window by hand and stops at the current month', async () => {
    const user = await signedIn(t, '+38641830005');
    await message(user.id, '2026-03-31T23:59:59Z', 'sms', 79_910);
    await message(user.id, '2026-04-01T00:00:00Z', 'sms', 79_910);
    await message(user.id, '2026-04-15T10:00:00Z', 'sms', 159_820);
    await message(user.id, '2026-04-16T10:00:00Z', 'sms', 0, 'failed');
    await message(user.id, '2026-04-20T10:00:00Z', 'viber', 30_000);
    await message(user.id, '2025-10-31T10:00:00Z', 'sms', 79_910); // before the window
    await entry(user.id, 10_000_000, 'credit_addition');
    await entry(user.id, -4_990_000, 'product_purchase', 'Viber', new Date('2026-04-02T08:00:00Z'));
    await entry(user.id, -2_990_000, 'product_purchase', 'Schedule', new Date('2026-04-28T08:00:00Z'));

    const res = await admin.call('GET', `/api/admin/users/${user.id}/analytics?startDate=2025-11-01&endDate=2026-04-30`);
    expect(res.status).toBe(200);
    const rows = res.body.monthlyStats;
    expect(rows.map((r: { year: number; month: number }) => `${r.year}-${r.month}`)).toEqual(['2025-11', '2025-12', '2026-1', '2026-2', '2026-3', '2026-4']);
    expect(rows[4]).toEqual({ year: 2026, month: 3, smsCount: 1, smsSpent: 0.07991, viberCount: 0, viberSpent: 0, productPurchases: 0, productsSpent: 0, totalSpent: 0.07991 });
    expect(rows[5]).toEqual({ year: 2026, month: 4, smsCount: 3, smsSpent: 0.23973, viberCount: 1, viberSpent: 0.03, productPurchases: 2, productsSpent: 7.98, totalSpent: 8.24973 });
    expect(rows[0].smsCount).toBe(0);

    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    const future = await admin.call('GET', `/api/admin/users/${user.id}/analytics?endDate=${next}`);
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('Analytics cannot go past the current month');
    const current = await admin.call('GET', `/api/admin/users/${user.id}/analytics`);
    expect(current.body.monthlyStats).toHaveLength(6);
    expect(current.body.monthlyStats.at(-1)).toMatchObject({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
  });

  it('keeps settled months once counted (the rollup) and counts the current month live', async () => {
    const user = await signedIn(t, '+38641830006');
    const now = new Date();
    const stats = async () => (await admin.call('GET', `/api/admin/users/${user.id}/analytics`)).body.monthlyStats;
    const before = await stats();
    await message(user.id, now.toISOString(), 'sms', 79_910);
    const after = await stats();
    expect(after.at(-1).smsCount - before.at(-1).smsCount).toBe(1);
    // Three months back is settled: it was counted (0) and kept; a row appearing there afterwards
    // (which the product never writes: messages are processed now, not in the past) is not re-counted.
    const old = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 10)).toISOString();
    await message(user.id, old, 'sms', 79_910);
    expect((await stats())[2].smsCount).toBe(0);
  });

  it("keeps an open month's settled days once counted, and counts only its last days live", async () => {
    const user = await signedIn(t, '+38641830007');
    const now = new Date('2030-05-20T12:00:00Z');
    const months = analyticsWindow({}, now);
    const may = async () => (await getMonthlyStats(t.db, user.id, months, now)).at(-1)!;
    await message(user.id, '2030-05-03T10:00:00Z', 'sms', 79_910); // settled day (over a week ago)
    await message(user.id, '2030-05-12T23:59:59Z', 'viber', 30_000); // the last settled day
    await message(user.id, '2030-05-13T00:00:00Z', 'sms', 79_910); // live: within the week
    await message(user.id, '2030-04-30T23:00:00Z', 'sms', 79_910); // April, settled month
    expect(await may()).toMatchObject({ year: 2030, month: 5, smsCount: 2, smsSpent: 0.15982, viberCount: 1, viberSpent: 0.03 });
    const [kept] = await t.db.execute(sql`select count(*)::int as n from message_day_totals where user_id = ${user.id}`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(Number(kept!.n)).toBe(12); // May 1st to 12th
    // A row written behind the rollup's back into a settled day is not re-counted; a live day is.
    await message(user.id, '2030-05-05T10:00:00Z', 'sms', 79_910);
    await message(user.id, '2030-05-19T10:00:00Z', 'sms', 79_910);
    expect(await may()).toMatchObject({ smsCount: 3, viberCount: 1 });
  });
});

// The live admin dashboard: each figure follows the data, Recent Activity reads the audit log, and
// System Status runs real checks. Statistics: per-day counts, revenue per month, top customers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { changeBalance } from '../../billing/ledger';
import { insertSendRows } from '../../messages/messages.repo';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

const figures = async () => (await admin.call('GET', '/api/admin/dashboard')).body;

describe('GET /api/admin/dashboard', () => {
  it('counts users, messages sent today and this month, templates and revenue as they change', async () => {
    const before = await figures();
    const user = await signedIn(t, '+38641880001');
    await signedIn(t, '+38641880002');
    await admin.call('PATCH', `/api/admin/users/${user.id}`, { status: 'inactive' });
    const other = await signedIn(t, '+38641880003');
    await other.call('POST', '/api/message/send', { recipient: '+38640123123', message: 'Hi' });
    await t.db.execute(sql`update messages set processed_at = now(), status = 'sent' where user_id = ${other.id}::uuid`);
    await admin.call('POST', '/api/sms/templates', { name: 'T', content: 'C', category: 'general' });
    // A card top-up and a purchase, as the payment and purchase services write them.
    await t.db.transaction((tx) => changeBalance(tx, { userId: other.id, amount: 10_000_000, type: 'topup', description: 'Card top-up' }));
    await t.db.transaction((tx) => changeBalance(tx, { userId: other.id, amount: -2_990_000, type: 'product_purchase', description: 'Schedule Send' }));

    const after = await figures();
    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.activeUsers - before.activeUsers).toBe(2);
    expect(after.smsToday - before.smsToday).toBe(1);
    expect(after.smsThisMonth - before.smsThisMonth).toBe(1);
    expect(after.activeTemplates - before.activeTemplates).toBe(1);
    expect(after.viberToday).toBe(0);
    expect(after.topUpsThisMonth - before.topUpsThisMonth).toBeCloseTo(10, 6);
    expect(after.purchasesThisMonth - before.purchasesThisMonth).toBeCloseTo(2.99, 6);
    // Revenue is money received: the purchase was paid from the topped-up balance, not counted twice.
    expect(after.revenueThisMonth - before.revenueThisMonth).toBeCloseTo(10, 6);
  });
});

describe('test messages (sent with a test API key)', () => {
  it('are not counted as sent, nor in the daily counts and delivery rates', async () => {
    const before = await figures();
    const statsBefore = (await admin.call('GET', '/api/admin/statistics?days=1&months=1&top=5')).body;
    const tester = await signedIn(t, '+38641880006');
    // What a test key's send leaves behind once the simulator has delivered it: free, marked test.
    await t.db.transaction((tx) =>
      insertSendRows(tx, {
        userId: tester.id, batchId: crypto.randomUUID(), recipients: ['+38640100011', '+38640100012'], message: 'CI run',
        senderName: 'Kurir', messageType: null, channel: 'sms', parts: 1, reservedPrice: 0, smsPrice: 0, price: 0, scheduledFor: null, test: true,
      }),
    );
    await t.db.execute(sql`update messages set processed_at = now(), status = 'delivered' where user_id = ${tester.id}::uuid`);

    const after = await figures();
    expect(after.smsToday - before.smsToday).toBe(0);
    expect(after.smsThisMonth - before.smsThisMonth).toBe(0);
    const stats = (await admin.call('GET', '/api/admin/statistics?days=1&months=1&top=5')).body;
    expect(stats.daily.at(-1).sms).toEqual(statsBefore.daily.at(-1).sms);
    expect(stats.deliveryRate).toEqual(statsBefore.deliveryRate);
  });
});

describe('GET /api/admin/activity', () => {
  it('lists admin actions newest first with who, what, on whom and before → after', async () => {
    const user = await signedIn(t, '+38641880004');
    await admin.call('PATCH', `/api/admin/users/${user.id}`, { city: 'Maribor' });
    await admin.call('POST', '/api/admin/add-user-credit', { userId: user.id, amount: 2.5 });
    const res = await admin.call('GET', '/api/admin/activity?limit=2');
    expect(res.body.activity).toEqual([
      expect.objectContaining({ action: 'credit_added', targetId: user.id, adminUserId: admin.id, summary: expect.stringContaining('added credit to +38641880004') }),
      expect.objectContaining({ action: 'user_updated', before: { city: null }, after: { city: 'Maribor' }, summary: expect.stringContaining('city: — → Maribor') }),
    ]);
  });
});

describe('GET /api/admin/system-status', () => {
  it('measures the database, names the SMS provider, checks sign-in and the storage size', async () => {
    const res = await admin.call('GET', '/api/admin/system-status');
    const byName = Object.fromEntries(res.body.checks.map((c: { name: string }) => [c.name, c]));
    expect(byName.Database).toMatchObject({ state: 'ok', latencyMs: expect.any(Number), detail: expect.stringMatching(/ms round trip$/) });
    expect(byName['SMS API']).toMatchObject({ state: 'ok', detail: expect.stringContaining('Simulator') });
    expect(byName.Authentication).toMatchObject({ state: 'ok', detail: expect.stringMatching(/live sessions/) });
    expect(byName.Storage.detail).toMatch(/^Database \d+\.\d (MB|GB)$/);
  });
});

describe('GET /api/admin/statistics', () => {
  it('returns every day and month, delivery rates and top spenders', async () => {
    const spender = await signedIn(t, '+38641880005');
    await spender.call('POST', '/api/message/send', { recipients: ['+38640100001', '+38640100002'], message: 'Spend' });
    const res = await admin.call('GET', '/api/admin/statistics?days=7&months=3&top=50');
    expect(res.status).toBe(200);
    expect(res.body.daily).toHaveLength(7);
    expect(res.body.daily.at(-1).sms.pending).toBeGreaterThanOrEqual(2);
    expect(res.body.revenueByMonth).toHaveLength(3);
    expect(res.body.revenueByMonth.at(-1).messages).toBeGreaterThanOrEqual(0.15982);
    expect(res.body.topCustomers).toEqual(expect.arrayContaining([expect.objectContaining({ phone: '+38641880005', spent: 0.15982 })]));
    expect(res.body.deliveryRate.map((d: { channel: string }) => d.channel)).toEqual(['sms', 'viber']);
  });
});

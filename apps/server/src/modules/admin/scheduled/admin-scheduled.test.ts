// The admin Scheduled page: everyone's scheduled messages with a search, and deleting one: only
// while it waits, refunded once however many admins press delete at the same time; the customer's
// own Scheduled page no longer lists it and their history shows it cancelled.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages, transactions } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { grantProduct } from '../../../test/products';
import { checkLedgerIntegrity } from '../../billing/integrity';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
let a: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
  a = await signedIn(t, '+38641870001');
  await grantProduct(t.db, a.phone, 'Schedule Send');
});
afterAll(() => t?.close());

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('GET /api/admin/scheduled', () => {
  it("lists every customer's scheduled messages with the user's phone, searchable by comma terms", async () => {
    await a.call('POST', '/api/messages/schedule', { recipient: '+38640555001', message: 'Board meeting', scheduledFor: later(60) });
    await a.call('POST', '/api/messages/schedule', { recipient: '+38640555002', message: 'Lunch', scheduledFor: later(30) });
    const res = await admin.call('GET', '/api/admin/scheduled');
    const mine = res.body.messages.filter((m: { user_phone: string }) => m.user_phone === a.phone);
    expect(mine.map((m: { message: string }) => m.message)).toEqual(['Lunch', 'Board meeting']);
    expect(mine[0]).toMatchObject({ status: 'scheduled', channel: 'sms', sender_name: 'Kurir', overdue: false, error_message: null });
    const found = await admin.call('GET', `/api/admin/scheduled?search=${encodeURIComponent('board, 555002')}`);
    expect(found.body.messages).toHaveLength(2);
    expect((await admin.call('GET', '/api/admin/scheduled?search=meeting')).body.messages).toHaveLength(1);
  });
});

describe('DELETE /api/admin/scheduled/{id}', () => {
  it('20 concurrent deletes cancel it once and refund once', async () => {
    const sent = await a.call('POST', '/api/messages/schedule', { recipient: '+38640555003', message: 'Refund me once', scheduledFor: later(90) });
    const id = sent.body.results[0].id;
    const credit = (await admin.call('GET', `/api/users/${a.id}`)).body.user.credit;

    const results = await Promise.all(Array.from({ length: 20 }, () => admin.call('DELETE', `/api/admin/scheduled/${id}`)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body).toEqual({ success: true, message: 'Scheduled message deleted successfully', refunded: 0.07991 });
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);

    const refunds = await t.db.select().from(transactions).where(and(eq(transactions.type, 'refund'), eq(transactions.reference, id)));
    expect(refunds).toHaveLength(1);
    expect((await admin.call('GET', `/api/users/${a.id}`)).body.user.credit).toBeCloseTo(credit + 0.07991, 6);
    expect((await checkLedgerIntegrity(t.db, { userId: a.id })).ok).toBe(true);

    expect((await a.call('GET', '/api/messages/scheduled')).body.messages.map((m: { id: string }) => m.id)).not.toContain(id);
    const listed = (await admin.call('GET', '/api/admin/scheduled')).body.messages.find((m: { id: string }) => m.id === id);
    expect(listed.status).toBe('cancelled');
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'scheduled_deleted'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ adminUserId: admin.id, after: { status: 'cancelled', refunded: '€0.079910' } });
  });

  it('deletes an overdue one no dispatcher ever took (an inactive user\'s), but not one a dispatcher took', async () => {
    const overdue = async (message: string, attempts: number) => {
      const sent = await a.call('POST', '/api/messages/schedule', { recipient: '+38640555005', message, scheduledFor: later(60) });
      const id = sent.body.results[0].id as string;
      await t.db.update(messages).set({ scheduledFor: sql`now() - interval '1 hour'`, attempts }).where(eq(messages.id, id));
      return id;
    };
    const waiting = await overdue('Waited for the user', 0);
    const listed = (await admin.call('GET', '/api/admin/scheduled')).body.messages.find((m: { id: string }) => m.id === waiting);
    expect(listed).toMatchObject({ status: 'scheduled', overdue: true });
    expect(await admin.call('DELETE', `/api/admin/scheduled/${waiting}`)).toMatchObject({ status: 200, body: { refunded: 0.07991 } });
    // The customer's own cancel keeps its rule: an overdue message may be on its way.
    const own = await overdue('Mine', 0);
    expect((await a.call('DELETE', `/api/messages/scheduled/${own}`)).status).toBe(409);
    // Taken once by a dispatcher that died: it may have gone out, so it is not refunded.
    const taken = await overdue('Maybe sent', 1);
    expect((await admin.call('DELETE', `/api/admin/scheduled/${taken}`)).status).toBe(409);
    expect((await checkLedgerIntegrity(t.db, { userId: a.id })).ok).toBe(true);
  });

  it('refuses a message that is not scheduled, and unknown ids', async () => {
    const now = await a.call('POST', '/api/message/send', { recipient: '+38640555004', message: 'Now' });
    expect((await admin.call('DELETE', `/api/admin/scheduled/${now.body.results[0].id}`)).status).toBe(404);
    expect((await admin.call('DELETE', '/api/admin/scheduled/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.call('DELETE', '/api/admin/scheduled/x')).status).toBe(404);
  });
});

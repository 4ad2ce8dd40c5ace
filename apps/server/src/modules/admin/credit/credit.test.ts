// Add Credit: the spec's validation messages, one credit_addition entry carrying the admin's id,
// exact sums under 50 concurrent additions, a retried request added once, and its audit row.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { checkLedgerIntegrity } from '../../billing/integrity';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

const add = (payload: object) => admin.call('POST', '/api/admin/add-user-credit', payload);

describe('POST /api/admin/add-user-credit', () => {
  it('refuses what is not a positive amount with the spec messages, writing nothing', async () => {
    const user = await signedIn(t, '+38641800001');
    for (const [amount, message] of [
      ['5', 'Amount must be a number'],
      [null, 'Amount must be a number'],
      [0, 'Amount must be greater than 0'],
      [-3, 'Amount must be greater than 0'],
      [1.234, 'Amount must be in whole cents'],
    ] as const) {
      const res = await add({ userId: user.id, amount });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const entries = await t.db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.type, 'credit_addition')));
    expect(entries).toEqual([]);
    expect((await add({ userId: '00000000-0000-4000-8000-000000000000', amount: 1 })).status).toBe(404);
  });

  it("adds one credit_addition entry with the admin's id, and records it in the audit log", async () => {
    const user = await signedIn(t, '+38641800002');
    const res = await add({ userId: user.id, amount: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Credit added successfully', user: { id: user.id, credit: 7 } });
    const [entry] = await t.db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.type, 'credit_addition')));
    expect(entry).toMatchObject({ amount: 5_000_000, balanceBefore: 2_000_000, balanceAfter: 7_000_000, adminUserId: admin.id });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'credit_added')));
    expect(audit).toMatchObject({ adminUserId: admin.id, before: { credit: '€2.00' }, after: { credit: '€7.00', amount: '€5.00' } });
  });

  it('50 concurrent additions add exactly their sum, the ledger chained', async () => {
    const user = await signedIn(t, '+38641800003');
    const amounts = Array.from({ length: 50 }, (_, i) => (i + 1) / 100 + 1); // 1.01 … 1.50
    const results = await Promise.all(amounts.map((amount) => add({ userId: user.id, amount })));
    expect(results.map((r) => r.status)).toEqual(amounts.map(() => 200));
    const sum = amounts.reduce((s, a) => s + Math.round(a * 100), 0) * 10_000;
    const detail = await admin.call('GET', `/api/users/${user.id}`);
    expect(Math.round(detail.body.user.credit * 1e6)).toBe(2_000_000 + sum);
    const report = await checkLedgerIntegrity(t.db, { userId: user.id });
    expect(report).toMatchObject({ ok: true, entriesChecked: 51 });
  });

  it('a retried request (same requestId) adds once', async () => {
    const user = await signedIn(t, '+38641800004');
    const requestId = '9a1b2c3d-0000-4000-8000-000000000001';
    const [first, second] = await Promise.all([add({ userId: user.id, amount: 3, requestId }), add({ userId: user.id, amount: 3, requestId })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.transactionId).toBe(second.body.transactionId);
    const entries = await t.db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.type, 'credit_addition')));
    expect(entries).toHaveLength(1);
  });

  it('a request id used again for another amount is refused, not answered as if that amount was added', async () => {
    const user = await signedIn(t, '+38641800005');
    const requestId = '9a1b2c3d-0000-4000-8000-000000000002';
    expect((await add({ userId: user.id, amount: 3, requestId })).status).toBe(200);
    const other = await add({ userId: user.id, amount: 30, requestId });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This request id was already used for another credit addition.');
    const detail = await admin.call('GET', `/api/users/${user.id}`);
    expect(detail.body.user.credit).toBe(5);
  });
});

// Receipts that arrive together are applied as one batch (receipt-batch.ts), and each still
// answers for itself: delivered settles at its price, failed refunds once, a second receipt for
// the same message changes nothing, and one for a message not known yet is kept for later.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unmatchedReceipts } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helper';
import { FakeProvider, SMS_PRICE, creditOf, customer, dispatcherFor, expectLedgerConsistent, messagesOf, newPhone, refundsOf } from '../messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

describe('receipts in a batch', () => {
  it('settle each message on its own terms, refund once, and keep the unknown one', async () => {
    const { phone, api } = await customer(t, { credit: 6 * SMS_PRICE });
    expect((await api.send({ recipients: Array.from({ length: 6 }, () => newPhone()), message: 'Hi' })).status).toBe(200);
    let n = 0;
    const fake = new FakeProvider({ name: 'batchfake', behaviour: () => ({ providerMessageId: `b-${++n}` }) });
    const dispatcher = dispatcherFor(t.db, fake);
    while ((await dispatcher.runOnce()) > 0);
    expect((await messagesOf(t.db, phone)).map((m) => m.status)).toEqual(Array(6).fill('sent'));

    // All at once, so they fall into one batch.
    await Promise.all([
      ...[1, 2, 3, 4].map((i) => fake.receipt(`b-${i}`, 'delivered')),
      fake.receipt('b-5', 'failed', 'Unknown subscriber'),
      fake.receipt('b-5', 'failed', 'Unknown subscriber'),
      fake.receipt('b-1', 'failed'), // late and contradicting: ignored
      fake.receipt('b-unknown', 'delivered'),
    ]);
    const rows = await messagesOf(t.db, phone);
    const byPmid = new Map(rows.map((m) => [m.providerMessageId, m]));
    expect([1, 2, 3, 4, 5, 6].map((i) => byPmid.get(`b-${i}`)!.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'failed', 'sent']);
    expect(byPmid.get('b-5')!.errorMessage).toBe('Unknown subscriber');
    expect(await refundsOf(t.db, byPmid.get('b-5')!.id)).toHaveLength(1);
    expect(await creditOf(t.db, phone)).toBe(SMS_PRICE);
    const kept = await t.db.select().from(unmatchedReceipts).where(eq(unmatchedReceipts.provider, 'batchfake'));
    expect(kept.map((k) => k.providerMessageId)).toEqual(['b-unknown']);
    await expectLedgerConsistent(t.db);
  });
});

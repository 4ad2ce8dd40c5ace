// A receipt batch settles the plain deliveries in one statement and the rest (refunds, fallbacks,
// failures) in a transaction after it. A Viber 'delivered' receipt that owes a refund goes through
// that second step; if, in between, the Viber sweep falls the row back and a dispatcher sends it as
// SMS (status 'sent' again, a new provider id), the old receipt must not settle the SMS send: the
// second step looks its message up again, and the receipt no longer names any.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createTestApp, type TestApp } from '../../../test/helper';
import { FakeProvider, customer, dispatcherFor, messagesOf, newPhone } from '../messages.test-support';
import { fallBackOverdueViber } from './message-store';
import { applyReceipts } from './receipt-batch';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

describe('a receipt batch split in two', () => {
  it("does not apply a Viber receipt to the row's later SMS send", async () => {
    const { phone, api } = await customer(t, { products: ['Viber'] });
    let n = 0;
    const fake = new FakeProvider({ name: 'split-race', behaviour: (m) => ({ providerMessageId: `${m.channel}-${++n}` }) });
    const dispatcher = dispatcherFor(t.db, fake);
    expect((await api.send({ recipient: newPhone(), message: 'Hi', channel: 'viber' })).status).toBe(200);
    await dispatcher.runOnce();
    const [viber] = await messagesOf(t.db, phone);
    expect([viber!.channel, viber!.status]).toEqual(['viber', 'sent']);
    const viberPmid = viber!.providerMessageId!;

    // Between the match statement and the refund transaction: the sweep and a dispatch run.
    const between = async () => {
      await t.db.execute(sql`update messages set fallback_at = now() - interval '1 second' where id = ${viber!.id}`);
      expect(await fallBackOverdueViber(t.db, 10)).toBe(1);
      await dispatcher.runOnce();
    };
    const racing = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return async (...args: Parameters<Database['transaction']>) => {
            await between();
            return target.transaction(...args);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;

    const outcomes = await applyReceipts(racing, fake.name, [{ providerMessageId: viberPmid, status: 'delivered', at: new Date() }]);
    const [row] = await messagesOf(t.db, phone);
    expect(row!.channel).toBe('sms');
    expect(row!.providerMessageId).not.toBe(viberPmid);
    // The SMS send has not been reported yet: it must still wait for its own receipt.
    expect(row!.status).toBe('sent');
    // As a Viber receipt that came after the fallback: its id names no message any more.
    expect(outcomes).toEqual(['unmatched']);
  });
});

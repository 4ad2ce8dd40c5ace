// A send over the group commit's size (a campaign's request) is a transaction of its own that
// writes its rows before it debits the balance, so sends of one customer insert side by side.
// The conditional debit still decides: concurrent sends cannot overdraw, and a send it refuses
// leaves no rows; a balance that clearly cannot pay is refused before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { INSUFFICIENT_CREDIT } from '../billing/ledger';
import { SMS_PRICE, creditOf, customer, expectLedgerConsistent, messagesOf, newPhone } from './messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

const recipients = (n: number) => Array.from({ length: n }, () => newPhone());

describe('a send over the group size', () => {
  it('6 at once of 150 recipients on a balance for 3: 3 accepted, the others leave no rows', async () => {
    const { phone, api } = await customer(t, { credit: 3 * 150 * SMS_PRICE });
    const results = await Promise.all(Array.from({ length: 6 }, () => api.send({ recipients: recipients(150), message: 'Hi' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 402, 402, 402]);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.message === INSUFFICIENT_CREDIT)).toBe(true);
    expect(await creditOf(t.db, phone)).toBe(0);
    const rows = await messagesOf(t.db, phone);
    expect(rows).toHaveLength(450);
    expect(new Set(rows.map((r) => r.batchId)).size).toBe(3);
    await expectLedgerConsistent(t.db);
  });

  it('that the balance cannot cover is refused with 402 and nothing is written', async () => {
    const { phone, api } = await customer(t, { credit: 150 * SMS_PRICE - 1 });
    const res = await api.send({ recipients: recipients(150), message: 'Hi' });
    expect(res).toMatchObject({ status: 402, body: { message: INSUFFICIENT_CREDIT } });
    expect(await messagesOf(t.db, phone)).toEqual([]);
    expect(await creditOf(t.db, phone)).toBe(150 * SMS_PRICE - 1);
  });
});

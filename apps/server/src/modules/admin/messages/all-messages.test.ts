// GET /api/sms/all: every user's messages, 15 a page, and the comma-separated search (any term
// matching the user's phone or name, sender, recipient, text, or the status).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
  a = await signedIn(t, '+38641860001');
  b = await signedIn(t, '+38641860002');
  for (let i = 0; i < 16; i++) await a.call('POST', '/api/message/send', { recipient: `+3864070${String(i).padStart(4, '0')}`, message: `Invoice ${i} is ready` });
  await b.call('POST', '/api/message/send', { recipient: '+38640999888', message: 'Dinner at 8? 100% sure_' });
});
afterAll(() => t?.close());

const all = async (query: string) => {
  const res = await admin.call('GET', `/api/sms/all${query}`);
  expect(res.status).toBe(200);
  return res.body as { messages: { message: string; user_phone: string; recipient: string; sell_price: string }[]; total: number };
};

describe('GET /api/sms/all', () => {
  it('pages 15 at a time, newest first, with the total and the spec fields', async () => {
    const first = await all('');
    expect(first.total).toBe(17);
    expect(first.messages).toHaveLength(15);
    expect(first.messages[0]).toMatchObject({ user_phone: '+38641860002', recipient: '+38640999888', sell_price: '0.079910', status: 'pending', sent_by_admin: false, test: false, user_name: null });
    const second = await all('?offset=15');
    expect(second.messages.map((m) => m.message)).toEqual(['Invoice 1 is ready', 'Invoice 0 is ready']);
  });

  it('marks a message sent with a test API key, so its price of 0 does not read as a refund', async () => {
    const [newest] = (await all('')).messages as unknown as { id: string }[];
    await t.db.execute(sql`update messages set test = true where id = ${newest!.id}::uuid`);
    try {
      expect((await all('')).messages[0]).toMatchObject({ id: newest!.id, test: true });
    } finally {
      await t.db.execute(sql`update messages set test = false where id = ${newest!.id}::uuid`);
    }
  });

  it('ORs comma-separated terms over phone, recipient, text and status', async () => {
    expect((await all(`?search=${encodeURIComponent('dinner')}`)).total).toBe(1);
    expect((await all(`?search=${encodeURIComponent('Invoice 3 ,  dinner')}`)).messages.map((m) => m.message)).toEqual(['Dinner at 8? 100% sure_', 'Invoice 3 is ready']);
    expect((await all(`?search=${encodeURIComponent('860002')}`)).total).toBe(1); // the user's phone
    expect((await all(`?search=${encodeURIComponent('4070000')}`)).total).toBe(10); // recipients +386407000xx
    expect((await all(`?search=${encodeURIComponent('100%')}`)).total).toBe(1);
    expect((await all(`?search=${encodeURIComponent('8%')}`)).total).toBe(0); // % is literal, not a wildcard
    expect((await all(`?search=${encodeURIComponent('pending')}`)).total).toBe(17);
    expect(await all(`?search=${encodeURIComponent('nothing-like-it')}`)).toEqual({ messages: [], total: 0, total_capped: false });
    expect((await all(`?search=${encodeURIComponent('invoice,860001')}&limit=15&offset=15`)).messages).toHaveLength(1);
    // A text match and a user's messages in one page, newest first across both.
    const mixed = await all(`?search=${encodeURIComponent('dinner, 860001')}`);
    expect(mixed.total).toBe(17);
    expect(mixed.messages.slice(0, 3).map((m) => m.message)).toEqual(['Dinner at 8? 100% sure_', 'Invoice 15 is ready', 'Invoice 14 is ready']);
    expect((await all(`?search=${encodeURIComponent('dinner, 860001')}&offset=15`)).messages.map((m) => m.message)).toEqual(['Invoice 1 is ready', 'Invoice 0 is ready']);
  });
});

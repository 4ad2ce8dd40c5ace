// GET /api/sms/history: my messages only, newest first, paged, with the text, recipient and date
// filters, in the spec's fields.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import { createTestApp, type TestApp } from '../../test/helper';
import { containsPattern, holdsText } from './history-text';
import { SMS_PRICE, customer, newPhone, userIdOf } from './messages.test-support';

let t: TestApp;
let me: Awaited<ReturnType<typeof customer>>;
const sent: { recipient: string; message: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  me = await customer(t);
  const texts = [
    'Your order 4242 is ready for pickup',
    'Reminder: dentist appointment tomorrow at 9',
    'Sale! 50% off everything this weekend',
    'Your e-mail receipt for order 12.50 EUR',
    'Ponedeljek: kosilo ob 12h, čaka vas juha',
    'Plain message 6',
    'Plain message 7',
    'Plain message 8',
    'Plain message 9',
    'Plain message 10',
    'Plain message 11',
    'Plain message 12',
  ];
  for (const [i, message] of texts.entries()) {
    const recipient = newPhone();
    await me.api.send({ recipient, message });
    sent.push({ recipient, message });
    // One a day, the first twelve days back, so the order and the date filters are certain.
    await t.db
      .update(messages)
      .set({ createdAt: sql`'2025-03-01T12:00:00Z'::timestamptz + ${i} * interval '1 day'` })
      .where(eq(messages.recipient, recipient));
  }
  const other = await customer(t);
  await other.api.send({ recipient: newPhone(), message: 'Your order 4242 is ready for pickup' });
});
afterAll(() => t?.close());

const texts = (body: { messages: { message: string }[] }) => body.messages.map((m) => m.message);

describe('message history', () => {
  it('pages my messages newest first, 10 by default, with the total', async () => {
    const first = await me.api.history();
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(12);
    expect(texts(first.body)).toEqual(sent.map((s) => s.message).reverse().slice(0, 10));
    const second = await me.api.history('?limit=10&offset=10');
    expect(texts(second.body)).toEqual([sent[1]!.message, sent[0]!.message]);
    expect(first.body.messages[0]).toEqual({
      id: expect.any(String),
      recipient: sent[11]!.recipient,
      message: 'Plain message 12',
      channel: 'sms',
      status: 'pending',
      created_at: '2025-03-12T12:00:00.000Z',
      sell_price: SMS_PRICE / 1e6,
      scheduled_for: null,
      error_message: null,
      parts: 1,
      sender_name: 'Kurir',
      sent_by_admin: false,
    });
  });

  it('filters by text: words, word beginnings and the exact text, case-insensitive', async () => {
    const cases: [string, string[]][] = [
      ['order 4242', [sent[0]!.message]],
      ['ORDER', [sent[3]!.message, sent[0]!.message]],
      ['appoint', [sent[1]!.message]],
      ['50%', [sent[2]!.message]],
      ['12.50', [sent[3]!.message]],
      ['e-mail', [sent[3]!.message]],
      ['čaka', [sent[4]!.message]],
      ['%', [sent[2]!.message]],
      ['4242 is ready', [sent[0]!.message]],
      ['ready 4242', []],
      // Words the search has finished are whole words; the last one may still be a beginning.
      ['your order 42', [sent[0]!.message]],
      ['your e-mail receipt for ord', [sent[3]!.message]],
      ['dentist app', [sent[1]!.message]],
      ['nothing like this', []],
    ];
    for (const [text, expected] of cases) {
      const res = await me.api.history(`?text=${encodeURIComponent(text)}`);
      expect(texts(res.body), text).toEqual(expected);
      expect(res.body.total, text).toBe(expected.length);
    }
  });

  it("counts a common word's matches with ILIKE's test: any case, any alphabet, wildcards taken literally", async () => {
    // The count walk (history.repo.ts countTextMatches) tests each text with holdsText.
    const cases: [string, string, boolean][] = [
      ['Your ORDER is ready', 'order', true],
      ['your order is ready', 'ORDER IS', true],
      ['Akcija: ČEŠNJE in jagode', 'češnje', true],
      ['Grüße aus Ljubljani', 'GRÜSSE', false],
      ['Sale! 50% off', '50%', true],
      ['Sale! 500 off', '50%', false],
      ['code a_b', 'a_b', true],
      ['code axb', 'a_b', false],
      ['path C:\\tmp', 'c:\\', true],
      ['order', 'orders', false],
    ];
    for (const [text, term, expected] of cases) {
      const [row] = await queryRows<{ holds: boolean; ilike: boolean }>(
        t.db,
        sql`select ${holdsText(sql`${text}::text`, term)} as holds, ${text}::text ilike ${containsPattern(term)} as ilike`,
      );
      expect(row, `${text} / ${term}`).toEqual({ holds: expected, ilike: expected });
    }
  });

  it('filters by the end of the recipient number and by dates (whole days, UTC)', async () => {
    const number = sent[5]!.recipient; // +3865 and 7 digits
    const national = `0${number.slice(4, 6)} ${number.slice(6, 9)} ${number.slice(9)}`; // as typed at home: 05x xxx xxx
    for (const typed of [number.slice(-6), number, `00${number.slice(1)}`, national]) {
      expect(texts((await me.api.history(`?recipient=${encodeURIComponent(typed)}`)).body), typed).toEqual([sent[5]!.message]);
    }
    // A number is found by how it ends, not by digits in its middle.
    expect((await me.api.history(`?recipient=${number.slice(3, 8)}`)).body.total).toBe(0);
    const days = await me.api.history('?start_date=2025-03-02&end_date=2025-03-03');
    expect(texts(days.body)).toEqual([sent[2]!.message, sent[1]!.message]);
    expect((await me.api.history('?start_date=2025-03-11T00:00:00Z')).body.total).toBe(2);
    expect((await me.api.history('?start_date=yesterday')).status).toBe(400);
  });

  it('refuses dates outside years 1 to 9999 with 400, not a server error', async () => {
    for (const query of ['?start_date=99999-01-01', '?end_date=%2B275760-09-13T00:00:00Z', '?start_date=-000001-01-01T00:00:00Z']) {
      const name = query.slice(1, query.indexOf('='));
      expect(await me.api.history(query)).toMatchObject({ status: 400, body: { message: `${name} is not a valid date` } });
    }
    expect((await me.api.history('?start_date=0001-01-01&end_date=9999-12-30')).body.total).toBe(12);
  });

  it('refuses a page size over 100', async () => {
    expect((await me.api.history('?limit=101')).status).toBe(400);
    expect((await me.api.history('?limit=100')).body.messages).toHaveLength(12);
  });

  it('shows nobody else anything of mine', async () => {
    const stranger = await customer(t);
    expect((await stranger.api.history()).body).toMatchObject({ messages: [], total: 0 });
    expect(await userIdOf(t.db, me.phone)).not.toBe(await userIdOf(t.db, stranger.phone));
  });
});

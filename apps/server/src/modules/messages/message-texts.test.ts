// message_texts (migration 0017): the searchable text of every message, copied by the statement
// trigger on messages whatever path inserted it: a send through the group commit, a send over the
// group size (its own transaction), an admin's send, a public API send, a scheduled send. Each is
// then found by the searches that read it: the customer's History text filter and the admin's All
// Messages and Scheduled searches.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../test/helper';
import { signedIn, type Caller } from '../admin/admin.test-support';
import { apiCustomer } from '../api-v1/api-v1.test-support';
import { SMS_PRICE, customer, newPhone } from './messages.test-support';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SEND_GROUP_COMMIT_MS: '20' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

type TextRow = { message_id: string; sender_name: string; recipient: string; message: string };

/** The message_texts rows of a text, and the messages rows they copy (same columns). */
async function rowsOf(message: string) {
  const texts = await queryRows<TextRow>(t.db, sql`select message_id, sender_name, recipient, message from message_texts where message = ${message} order by message_id`);
  const originals = await queryRows<TextRow>(t.db, sql`select id as message_id, sender_name, recipient, message from messages where message = ${message} order by id`);
  return { texts, originals };
}

async function allMessagesTotal(search: string): Promise<number> {
  const res = await admin.call('GET', `/api/sms/all?search=${encodeURIComponent(search)}`);
  expect(res.status).toBe(200);
  return res.body.total;
}

describe('message_texts', () => {
  it('has every message of a group-commit send, a send over the group size, an admin send, an API send and a scheduled send', async () => {
    const me = await customer(t, { credit: 1000 * SMS_PRICE, products: ['Schedule Send'] });
    // Concurrent one-recipient sends share group commits (one statement for several users' rows).
    const other = await customer(t, { credit: 10 * SMS_PRICE });
    const grouped = await Promise.all([
      me.api.send({ recipient: newPhone(), message: 'Grouped quokka one' }),
      me.api.send({ recipient: newPhone(), message: 'Grouped quokka one' }),
      other.api.send({ recipient: newPhone(), message: 'Grouped quokka one' }),
    ]);
    expect(grouped.map((r) => r.status)).toEqual([200, 200, 200]);
    // Over the group size: a transaction of its own, 150 rows in one statement.
    const big = Array.from({ length: 150 }, () => newPhone());
    expect((await me.api.send({ recipients: big, message: 'Campaign wombat two' })).status).toBe(200);
    const user = await signedIn(t, newPhone());
    expect((await admin.call('POST', '/api/admin/send-sms', { userId: user.id, recipient: user.phone, message: 'Admin numbat three' })).status).toBe(200);
    const keyed = await apiCustomer(t, { credit: 10 * SMS_PRICE });
    expect((await keyed.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Api bilby four' })).status).toBe(201);
    const scheduled = await me.api.schedule({ recipient: newPhone(), message: 'Scheduled dingo five', scheduledFor: new Date(Date.now() + 3_600_000).toISOString(), channel: 'sms' });
    expect(scheduled.status).toBe(200);

    for (const [message, count] of [['Grouped quokka one', 3], ['Campaign wombat two', 150], ['Admin numbat three', 1], ['Api bilby four', 1], ['Scheduled dingo five', 1]] as const) {
      const { texts, originals } = await rowsOf(message);
      expect(originals, message).toHaveLength(count);
      expect(texts, message).toEqual(originals);
    }
    expect((await rowsOf('Admin numbat three')).texts[0]!.sender_name).not.toBe('');
    // Every message has its row, once.
    const [counts] = await queryRows<{ messages: number; texts: number; missing: number }>(
      t.db,
      sql`select (select count(*)::int from messages) as messages, (select count(*)::int from message_texts) as texts,
                 (select count(*)::int from messages m where not exists (select 1 from message_texts x where x.message_id = m.id)) as missing`,
    );
    expect(counts).toMatchObject({ missing: 0 });
    expect(counts!.texts).toBe(counts!.messages);

    // The searches find them through it.
    const history = await me.api.history(`?text=${encodeURIComponent('wombat')}`);
    expect(history.body.total).toBe(150);
    expect((await me.api.history(`?text=${encodeURIComponent('quokka one')}`)).body.total).toBe(2);
    expect((await me.api.history(`?text=${encodeURIComponent('dingo')}`)).body.messages.map((m: { message: string }) => m.message)).toEqual(['Scheduled dingo five']);
    expect((await user.call('GET', `/api/sms/history?text=${encodeURIComponent('numbat')}`)).body.total).toBe(1);
    expect(await allMessagesTotal('quokka')).toBe(3);
    expect(await allMessagesTotal('wombat')).toBe(150);
    expect(await allMessagesTotal('numbat, bilby')).toBe(2);
    expect(await allMessagesTotal(big[7]!.slice(-9))).toBe(1); // a recipient
    const found = await admin.call('GET', `/api/admin/scheduled?search=${encodeURIComponent('dingo')}`);
    expect(found.body.messages.map((m: { message: string }) => m.message)).toEqual(['Scheduled dingo five']);
  });
});

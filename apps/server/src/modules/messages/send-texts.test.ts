// send_texts (migrations 0020, 0025): the searchable text of every send, one row per send with its
// recipients, its time and its number of messages, written by the statement trigger on messages whatever path inserted them: a send
// through the group commit, a send over the group size (its own transaction), an admin's send, a
// public API send, a scheduled send, a send inserted in several statements. Each is then found by
// the searches that read it: the customer's History text filter and the admin's All Messages and
// Scheduled searches.
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

type StoredRow = { user_id: string; batch_id: string; sender_name: string; message: string; recipients: string; created_at: string; message_count: number };

/**
 * The send_texts rows of a text, and the same rows made from its messages (recipients sorted).
 * Grouped by the messages' time too, so a send whose messages had two times would be two rows.
 */
async function rowsOf(message: string) {
  const sorted = (rows: StoredRow[]) => rows.map((r) => ({ ...r, recipients: r.recipients.split(' ').sort() }));
  const texts = await queryRows<StoredRow>(
    t.db,
    sql`select user_id, batch_id, sender_name, message, recipients, created_at::text, message_count
          from send_texts where message = ${message} order by batch_id`,
  );
  const fromMessages = await queryRows<StoredRow>(
    t.db,
    sql`select user_id, batch_id, sender_name, message, string_agg(recipient, ' ') as recipients, created_at::text,
               count(*)::int as message_count
          from messages where message = ${message} group by user_id, batch_id, sender_name, message, created_at order by batch_id`,
  );
  const messages = fromMessages.reduce((n, r) => n + r.recipients.split(' ').length, 0);
  return { texts: sorted(texts), fromMessages: sorted(fromMessages), messages };
}

async function allMessagesTotal(search: string): Promise<number> {
  const res = await admin.call('GET', `/api/sms/all?search=${encodeURIComponent(search)}`);
  expect(res.status).toBe(200);
  return res.body.total;
}

describe('send_texts', () => {
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

    // One row per send, with every recipient of it.
    for (const [message, count, sends] of [['Grouped quokka one', 3, 3], ['Campaign wombat two', 150, 1], ['Admin numbat three', 1, 1], ['Api bilby four', 1, 1], ['Scheduled dingo five', 1, 1]] as const) {
      const { texts, fromMessages, messages } = await rowsOf(message);
      expect(messages, message).toBe(count);
      expect(texts, message).toHaveLength(sends);
      expect(texts, message).toEqual(fromMessages);
    }
    expect((await rowsOf('Campaign wombat two')).texts[0]!.recipients).toEqual([...big].sort());
    expect((await rowsOf('Admin numbat three')).texts[0]!.sender_name).not.toBe('');
    // Every message has its send's row (by its batch: a row per send, so no doubles), with its
    // sender name, text and recipient.
    const [counts] = await queryRows<{ missing: number }>(
      t.db,
      sql`select count(*)::int as missing from messages m
           where not exists (select 1 from send_texts x where x.batch_id = m.batch_id and x.user_id = m.user_id
                                and x.sender_name = m.sender_name and x.message = m.message
                                and ' ' || x.recipients || ' ' like '% ' || m.recipient || ' %')`,
    );
    expect(counts).toEqual({ missing: 0 });

    // The searches find them through it.
    const history = await me.api.history(`?text=${encodeURIComponent('wombat')}`);
    expect(history.body.total).toBe(150);
    expect((await me.api.history(`?text=${encodeURIComponent('quokka one')}`)).body.total).toBe(2);
    expect((await me.api.history(`?text=${encodeURIComponent('dingo')}`)).body.messages.map((m: { message: string }) => m.message)).toEqual(['Scheduled dingo five']);
    expect((await user.call('GET', `/api/sms/history?text=${encodeURIComponent('numbat')}`)).body.total).toBe(1);
    expect(await allMessagesTotal('quokka')).toBe(3);
    expect(await allMessagesTotal('wombat')).toBe(150);
    expect(await allMessagesTotal('numbat, bilby')).toBe(2);
    expect(await allMessagesTotal(big[7]!.slice(-9))).toBe(1); // a recipient of the 150
    // The send's recipients are one text: a term across two of them finds the send, and none of its messages.
    expect(await allMessagesTotal(`${big[7]!.slice(-4)} ${big[8]!.slice(0, 6)}`)).toBe(0);
    expect(await allMessagesTotal('wombat, quokka')).toBe(153);
    const found = await admin.call('GET', `/api/admin/scheduled?search=${encodeURIComponent('dingo')}`);
    expect(found.body.messages.map((m: { message: string }) => m.message)).toEqual(['Scheduled dingo five']);
  });

  it('keeps one row for a send inserted in several statements (over 5 000 recipients), with all of them', async () => {
    const me = await customer(t, { credit: 6000 * SMS_PRICE });
    const many = Array.from({ length: 5200 }, () => newPhone());
    expect((await me.api.send({ recipients: many, message: 'Big send platypus six' })).status).toBe(200);
    const { texts, fromMessages, messages } = await rowsOf('Big send platypus six');
    expect(messages).toBe(5200);
    expect(texts).toHaveLength(1);
    expect(texts).toEqual(fromMessages);
    expect(await allMessagesTotal(many[5100]!.slice(-9))).toBe(1); // a recipient of the second statement
  });
});

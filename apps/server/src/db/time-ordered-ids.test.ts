// Migration 0022: messages, their send (batch), their ledger rows, their events and webhook
// deliveries take UUID version 7 ids, the time first, so that rows written one after another append
// to their indexes' right edge.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { SMS_PRICE, customer, messagesOf, newPhone, userIdOf } from '../modules/messages/messages.test-support';
import { recordMessageEvents } from '../modules/webhooks/events';
import { queryRows } from './query-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The milliseconds since 1970 that a version 7 id begins with. */
const millisecondsOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

it('gives a send, its messages and its ledger row version 7 ids of the time they were made', async () => {
  const { phone, api } = await customer(t, { credit: 2 * SMS_PRICE });
  const before = Date.now();
  expect((await api.send({ recipient: newPhone(), message: 'First' })).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect((await api.send({ recipient: newPhone(), message: 'Second' })).status).toBe(200);
  const after = Date.now();

  const sent = (await messagesOf(t.db, phone)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  expect(sent.map((m) => m.message)).toEqual(['First', 'Second']);
  const userId = await userIdOf(t.db, phone);
  const ledger = await queryRows<{ id: string; reference: string }>(
    t.db,
    sql`select id, reference from transactions where user_id = ${userId}::uuid and type = 'sms_cost' order by created_at`,
  );
  expect(ledger.map((row) => row.reference)).toEqual(sent.map((m) => m.batchId));

  for (const ids of [sent.map((m) => m.id), sent.map((m) => m.batchId), ledger.map((row) => row.id)]) {
    for (const id of ids) {
      expect(id).toMatch(VERSION_7);
      // The database's clock and this process's may differ by a little.
      expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before - 1000);
      expect(millisecondsOf(id)).toBeLessThanOrEqual(after + 1000);
    }
    expect(ids[0]! < ids[1]!).toBe(true);
  }
});

it("gives a message's webhook event and its delivery version 7 ids", async () => {
  const { phone, api } = await customer(t, { credit: SMS_PRICE });
  expect((await api.send({ recipient: newPhone(), message: 'Watched' })).status).toBe(200);
  const userId = await userIdOf(t.db, phone);
  await t.db.execute(sql`insert into webhook_endpoints (user_id, url, secret) values (${userId}::uuid, 'https://example.com/hook', 'ids-secret')`);
  const [message] = await messagesOf(t.db, phone);
  await recordMessageEvents(t.db, [{ messageId: message!.id, status: 'sent' }]);

  const rows = await queryRows<{ event_id: string; delivery_id: string; payload_id: string }>(
    t.db,
    sql`select e.id as event_id, d.id as delivery_id, e.payload->>'id' as payload_id
          from message_events e join webhook_deliveries d on d.event_id = e.id
         where e.message_id = ${message!.id}::uuid`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.event_id).toMatch(VERSION_7);
  expect(rows[0]!.payload_id).toBe(rows[0]!.event_id);
  expect(rows[0]!.delivery_id).toMatch(VERSION_7);
});

it('makes distinct ids within one millisecond', async () => {
  const rows = await queryRows<{ n: string | number; distinct_ids: string | number; versions: string[] }>(
    t.db,
    sql`select count(*) as n, count(distinct id) as distinct_ids, array_agg(distinct substr(id::text, 15, 1)) as versions
          from (select time_ordered_uuid() as id from generate_series(1, 20000)) ids`,
  );
  expect(Number(rows[0]!.n)).toBe(20000);
  expect(Number(rows[0]!.distinct_ids)).toBe(20000);
  expect(rows[0]!.versions).toEqual(['7']);
});

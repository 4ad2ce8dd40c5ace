// Migration 0018: messages no longer check their user by foreign key, so what the key also kept,
// that a user with messages cannot be deleted, is kept for every user by a trigger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { SMS_PRICE, customer, messagesOf, newPhone, userIdOf } from '../modules/messages/messages.test-support';
import { queryRows } from './query-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('refuses to delete a user, and the user and their messages stay', async () => {
  const { phone, api } = await customer(t, { credit: SMS_PRICE });
  expect((await api.send({ recipient: newPhone(), message: 'Hi' })).status).toBe(200);
  const userId = await userIdOf(t.db, phone);
  const refusal = await t.db.execute(sql`delete from users where id = ${userId}::uuid`).then(() => null, (error: Error) => error);
  expect((refusal?.cause as Error | undefined)?.message).toMatch(/users are never deleted/);
  const users = await queryRows<{ n: string | number }>(t.db, sql`select count(*) as n from users where id = ${userId}::uuid`);
  expect(Number(users[0]!.n)).toBe(1);
  expect(await messagesOf(t.db, phone)).toHaveLength(1);
});

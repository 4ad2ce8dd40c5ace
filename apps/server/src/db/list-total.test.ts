// The totals of paged lists: the kept counts (message_counts, user_counts) stay equal to a count of
// the rows whatever writes them, and a search's total stops at the cap and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LIST_TOTAL_CAP } from '@kurir/core';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../test/helper';
import { signedIn, type Caller } from '../modules/admin/admin.test-support';
import { messages, users } from './schema';
import { queryRows } from './query-rows';
import { countUpTo } from './list-total';
import { SEARCH_CAP } from '../modules/admin/messages/all-messages.repo';
import { grantProduct } from '../test/products';

let t: TestApp;
let admin: Caller;
let a: Caller;
let b: Caller;
/** Numbers that exist: +386 40 then six digits. */
const numbers = (from: number, count: number) => Array.from({ length: count }, (_, i) => `+38640${String(from + i).padStart(6, '0')}`);

async function exactCounts() {
  const rows = await queryRows<{ user_id: string; n: number }>(t.db, sql`select user_id, count(*)::int as n from messages group by user_id`);
  return Object.fromEntries(rows.map((r) => [r.user_id, Number(r.n)]));
}
async function keptCounts() {
  const rows = await queryRows<{ user_id: string; total: string | number }>(t.db, sql`select user_id, total from message_counts where total > 0`);
  return Object.fromEntries(rows.map((r) => [r.user_id, Number(r.total)]));
}

beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SEND_GROUP_COMMIT_MS: '5' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
  a = await signedIn(t, '+38641870001');
  b = await signedIn(t, '+38641870002');
  for (const who of [a, b]) {
    const res = await admin.call('POST', '/api/admin/add-user-credit', { userId: who.id, amount: 500 });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t?.close());

describe('kept message counts', () => {
  it('count every message whoever writes it: single, grouped, bulk, scheduled, admin, refused', async () => {
    // Concurrent one-recipient sends of two users: gathered into group commits.
    const sends = await Promise.all(
      numbers(100, 30).map((to, i) => (i % 2 ? a : b).call('POST', '/api/message/send', { recipient: to, message: `Grouped ${i}` })),
    );
    expect(sends.every((s) => s.status === 200)).toBe(true);
    // One send to more recipients than either cap, and a scheduled one.
    expect((await a.call('POST', '/api/message/send', { recipients: numbers(1000, SEARCH_CAP + 50), message: 'Bulk notice' })).status).toBe(200);
    await grantProduct(t.db, b.phone, 'Schedule Send');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await b.call('POST', '/api/messages/schedule', { recipients: numbers(5000, 3), message: 'Later', scheduledFor: at });
    expect(scheduled.status).toBe(200);
    // An administrator's SMS to the user (free, sent by the admin).
    expect((await admin.call('POST', '/api/admin/send-sms', { userId: b.id, recipient: b.phone, message: 'From the operator' })).status).toBe(200);
    // A send the balance does not cover writes no message and no count.
    const poor = await signedIn(t, '+38641870003');
    expect((await poor.call('POST', '/api/message/send', { recipients: numbers(9000, 100), message: 'Too many' })).status).toBe(402);

    expect(await keptCounts()).toEqual(await exactCounts());
  });

  it("are counted by the last of the insert triggers, so a send holds its customer's counter only for its debit and commit", async () => {
    // Statement triggers fire in name order; the counter's upsert locks the customer's row until the commit (migration 0019).
    const rows = await queryRows<{ tgname: string }>(t.db, sql`
      select tgname from pg_trigger
       where tgrelid = 'messages'::regclass and not tgisinternal and (tgtype & 4) <> 0 order by tgname`);
    expect(rows.map((r) => r.tgname)).toEqual(['messages_insert_1_texts', 'messages_insert_2_count']);
  });

  it('answer the unfiltered history with the exact count, and a filtered one capped', async () => {
    const [exact] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from messages where user_id = ${a.id}`);
    const all = await a.call('GET', '/api/sms/history?limit=10');
    expect(all.body).toMatchObject({ total: Number(exact!.n), total_capped: false });
    expect(all.body.total).toBeGreaterThan(LIST_TOTAL_CAP);

    const bulk = await a.call('GET', '/api/sms/history?limit=10&text=notice');
    expect(bulk.body).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
    expect(bulk.body.messages).toHaveLength(10);
    const narrow = await a.call('GET', '/api/sms/history?limit=10&text=grouped');
    expect(narrow.body).toMatchObject({ total: 15, total_capped: false });
    // A first page among the newest messages, but fewer matches than the cap: the walk of the
    // newest does not reach it, and the exact count comes from the index.
    const dense = await b.call('GET', '/api/sms/history?limit=2&text=later');
    expect(dense.body).toMatchObject({ total: 3, total_capped: false });
    expect(dense.body.messages).toHaveLength(2);
  });

  it('answer All Messages with the exact count, and a broad search capped but still paged newest first', async () => {
    const [exact] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from messages`);
    expect((await admin.call('GET', '/api/sms/all')).body).toMatchObject({ total: Number(exact!.n), total_capped: false });
    const broad = await admin.call('GET', '/api/sms/all?search=bulk&offset=15');
    expect(broad.body).toMatchObject({ total: SEARCH_CAP, total_capped: true });
    expect(broad.body.messages).toHaveLength(15);
    const newest = await queryRows<{ recipient: string }>(
      t.db,
      sql`select recipient from messages where message = 'Bulk notice' order by created_at desc, id desc limit 15 offset 15`,
    );
    expect(broad.body.messages.map((m: { recipient: string }) => m.recipient)).toEqual(newest.map((m) => m.recipient));
    expect((await admin.call('GET', '/api/sms/all?search=later,operator')).body).toMatchObject({ total: 4, total_capped: false });
  });
});

describe('kept user counts', () => {
  it('follow sign-ups, deactivation and role changes, and a search counts up to the cap', async () => {
    const list = async (query: string) => (await admin.call('GET', `/api/users?${query}`)).body;
    const exact = async (where: string) =>
      Number((await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from users where ${where}`)))[0]!.n);

    expect((await admin.call('PATCH', `/api/admin/users/${b.id}`, { status: 'inactive' })).status).toBe(200);
    await t.db.update(users).set({ role: 'slave' }).where(eq(users.id, a.id));
    await signedIn(t, '+38641870004');

    expect(await list('')).toMatchObject({ total: await exact(`status = 'active'`), totalCapped: false });
    expect(await list('status=all')).toMatchObject({ total: await exact('true') });
    expect(await list('status=inactive')).toMatchObject({ total: await exact(`status = 'inactive'`) });
    expect(await list('status=all&role=slave')).toMatchObject({ total: await exact(`role = 'slave'`) });
    expect(await list('status=all&role=user,admin')).toMatchObject({ total: await exact(`role in ('user', 'admin')`) });
    expect(await list('status=all&search=4187000')).toMatchObject({ total: 4, totalCapped: false });
    expect(await countUpTo(t.db, users, sql`${users.phone} like '+386418700%'`, 2)).toEqual({ total: 2, capped: true });
    expect(await countUpTo(t.db, messages, sql`false`, 2)).toEqual({ total: 0, capped: false });
  });

  it('add up what each row stands for, over no more rows than the cap + 1', async () => {
    const rows = sql`(values (1), (3), (2)) r(n)`;
    expect(await countUpTo(t.db, rows, undefined, 10, sql`r.n`)).toEqual({ total: 6, capped: false });
    expect(await countUpTo(t.db, rows, undefined, 5, sql`r.n`)).toEqual({ total: 5, capped: true });
    expect(await countUpTo(t.db, rows, sql`r.n < 3`, 10, sql`r.n`)).toEqual({ total: 3, capped: false });
    expect(await countUpTo(t.db, rows, sql`false`, 10, sql`r.n`)).toEqual({ total: 0, capped: false });
  });
});

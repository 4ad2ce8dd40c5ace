// GET /api/admin/transactions/export: every ledger entry of one user, however many, newest first.
// Its own file: the entries written here straight into the ledger do not chain on from the
// user's balance, which the integrity test in transactions.test.ts would rightly report.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/query-rows';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { signedIn, type Caller } from '../admin.test-support';
import { EXPORT_PAGE_SIZE } from './transactions.service';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

interface Exported {
  id: string;
  description: string;
  createdAt: string;
}

describe('the transactions export', () => {
  it('holds every entry over several pages, newest first, none twice', async () => {
    const user = await signedIn(t, '+38641831001');
    const count = Math.floor(2.5 * EXPORT_PAGE_SIZE) + 1;
    // Three entries share each microsecond (a page boundary falls inside such a group, and a cursor
    // kept as a JavaScript Date, to the millisecond, would skip or repeat them); ids are random.
    await t.db.execute(sql`
      insert into transactions (id, user_id, type, amount, balance_before, balance_after, description, created_at)
      select gen_random_uuid(), ${user.id}::uuid, 'sms_cost', -1, 200000000 - i, 200000000 - i - 1, 'Entry ' || i,
             timestamptz '2026-10-01 12:00:00+00' - (i / 3) * interval '1 microsecond'
      from generate_series(1, ${count}) as i`);

    const res = await t.app.inject({ method: 'GET', url: `/api/admin/transactions/export?userId=${user.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; transactions: Exported[] };
    expect(body.success).toBe(true);

    // The database's own order (created_at, then id, both descending) is the export's.
    const expected = (
      await queryRows<{ id: string }>(t.db, sql`select id::text as id from transactions where user_id = ${user.id}::uuid order by created_at desc, id desc`)
    ).map((r) => r.id);
    expect(expected).toHaveLength(count + 1); // and the starter credit, the newest
    const ids = body.transactions.map((e) => e.id);
    expect(ids.length).toBe(expected.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    expect(body.transactions.find((e) => e.description === `Entry ${count}`)).toMatchObject({ type: 'sms_cost', amount: -0.000001, balanceAfter: (200_000_000 - count - 1) / 1e6 });
  });

  it("lists a new user's one entry, and refuses an unknown user", async () => {
    const missing = await admin.call('GET', '/api/admin/transactions/export?userId=00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
    const user = await signedIn(t, '+38641831002');
    const res = await admin.call('GET', `/api/admin/transactions/export?userId=${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, transactions: [{ description: 'Free starter credit' }] });
  });
});

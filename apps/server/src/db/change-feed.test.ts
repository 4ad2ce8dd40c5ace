// The read caches (sessions, a user's products, message prices) never outlive a change made
// behind this instance's back: the changes below are made with plain SQL, as another instance
// or an operator in psql would, and the next requests see them.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_MESSAGE_PRODUCT } from '@kurir/core';
import { createTestApp, type TestApp } from '../test/helper';
import { grantProduct } from '../test/products';
import { ensureCatalogue } from '../modules/products/catalogue';
import { newPhone, userIdOf } from '../modules/messages/messages.test-support';
import { CHANGE_CHANNEL } from './change-feed';
import { queryRows } from './query-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

/** The change is announced on commit; on PostgreSQL it reaches the listener a moment later. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('read caches', () => {
  it('drop a session deleted elsewhere, and a deactivated user', async () => {
    const phone = newPhone();
    const cookie = await t.signIn(phone);
    const userId = await userIdOf(t.db, phone);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db.execute(sql`update users set status = 'inactive' where id = ${userId}::uuid`);
    expect(await eventually(async () => (await me(cookie)).statusCode === 403)).toBe(true);
    await t.db.execute(sql`update users set status = 'active' where id = ${userId}::uuid`);
    expect(await eventually(async () => (await me(cookie)).statusCode === 200)).toBe(true);
    await t.db.execute(sql`delete from sessions where user_id = ${userId}::uuid`);
    expect(await eventually(async () => (await me(cookie)).statusCode === 401)).toBe(true);
  });

  it('show the balance as it is now, though the session is cached', async () => {
    const phone = newPhone();
    const cookie = await t.signIn(phone);
    const before = (await me(cookie)).json().credit as number;
    const sent = await t.app.inject({ method: 'POST', url: '/api/message/send', headers: { cookie }, payload: { recipient: newPhone(), message: 'Hi' } });
    expect(sent.statusCode).toBe(200);
    expect((await me(cookie)).json().credit).toBe(sent.json().newCredit);
    // The web app's own session lookup too.
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.credit).toBe(sent.json().newCredit);
    expect(sent.json().newCredit).toBeLessThan(before);
  });

  it('drop a product removed elsewhere, and a price edited elsewhere', async () => {
    const phone = newPhone();
    const cookie = await t.signIn(phone);
    await grantProduct(t.db, phone, 'Schedule Send');
    expect((await me(cookie)).json().features.schedule).toBe(true);
    await t.db.execute(sql`update user_products set active = false where user_id = ${await userIdOf(t.db, phone)}::uuid`);
    expect(await eventually(async () => (await me(cookie)).json().features.schedule === false)).toBe(true);

    await ensureCatalogue(t.db);
    const price = async () => (await t.app.inject({ method: 'GET', url: '/api/sms/pricing', headers: { cookie } })).json().sellPriceWithTax;
    const old = await price();
    await t.db.execute(sql`update products set net_sell_price = net_sell_price * 2 where name = ${SMS_MESSAGE_PRODUCT}`);
    expect(await eventually(async () => (await price()) !== old)).toBe(true);
  });
});

describe('the users trigger (migration 0024)', () => {
  // It fires only for an UPDATE that sets a column it names, so that a debit (credit alone) does not
  // run it. A column added to users must be named too, or a change to it would not reach the caches.
  it('watches every column of users but the balance and updated_at', async () => {
    const columns = await queryRows<{ name: string; watched: boolean }>(
      t.db,
      sql`select a.attname as name, a.attnum = any (tr.tgattr::int2[]) as watched
            from pg_attribute a, pg_trigger tr
           where a.attrelid = 'users'::regclass and a.attnum > 0 and not a.attisdropped
             and tr.tgrelid = 'users'::regclass and tr.tgname = 'users_cache_notify'`,
    );
    expect(columns.length).toBeGreaterThan(10);
    const unwatched = columns.filter((c) => !c.watched).map((c) => c.name).sort();
    expect(unwatched).toEqual(['credit', 'updated_at']);
  });

  /** Whether the change, once committed, was announced for users on the caches' channel. */
  async function announced(change: () => Promise<unknown>): Promise<boolean> {
    const heard: string[] = [];
    const client = (t.db as unknown as { $client: unknown }).$client;
    let stop: () => Promise<unknown>;
    if (client instanceof PGlite) {
      stop = await client.listen(CHANGE_CHANNEL, (payload) => heard.push(payload));
    } else {
      const listener = await (client as pg.Pool).connect();
      listener.on('notification', (n) => heard.push(n.payload ?? ''));
      await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
      stop = async () => {
        await listener.query(`UNLISTEN ${CHANGE_CHANNEL}`);
        listener.release();
      };
    }
    try {
      await change();
      // A marker announced after the change arrives after its announcement, if it made one.
      await t.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, 'marker')`);
      for (let i = 0; i < 100 && !heard.includes('marker'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toContain('marker');
      return heard.includes('users');
    } finally {
      await stop();
    }
  }

  it('announces a change of a watched column, and not a balance change', async () => {
    const phone = newPhone();
    await t.signIn(phone);
    const userId = await userIdOf(t.db, phone);
    expect(await announced(() => t.db.execute(sql`update users set credit = credit + 1 where id = ${userId}::uuid`))).toBe(false);
    expect(await announced(() => t.db.execute(sql`update users set company_name = 'Renamed' where id = ${userId}::uuid`))).toBe(true);
  });
});

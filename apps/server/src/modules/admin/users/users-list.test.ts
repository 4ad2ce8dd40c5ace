// GET /api/users and /api/users/{id}: filters, search, sorting and paging on the server; the admin
// settings edit; product assignment taking effect at once in feature gating; audit of every edit.
import { eq } from 'drizzle-orm';
import { addCalendarMonths } from '@kurir/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { ensureCatalogue } from '../../products/catalogue';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
const people: Caller[] = [];
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  await ensureCatalogue(t.db);
  admin = await signedIn(t, TEST_ADMIN_PHONE);
  const rows = [
    { phone: '+38641820001', companyName: 'Zebra d.o.o.', status: 'active', role: 'user', credit: 5_000_000 },
    { phone: '+38641820002', firstName: 'Ana', lastName: 'Novak', status: 'active', role: 'slave', credit: 1_000_000 },
    { phone: '+38641820003', firstName: 'Bojan', status: 'inactive', role: 'user', credit: 9_000_000 },
    { phone: '+38641820004', companyName: 'Alpha', status: 'active', role: 'user', credit: 3_000_000 },
  ] as const;
  for (const [i, row] of rows.entries()) {
    const caller = await signedIn(t, row.phone);
    await t.db
      .update(users)
      .set({ ...row, lastLogin: new Date(Date.UTC(2026, 0, 10 + i)), credit: row.credit })
      .where(eq(users.id, caller.id));
    people.push(caller);
  }
});
afterAll(() => t?.close());

const list = async (query: string) => {
  const res = await admin.call('GET', `/api/users${query}`);
  expect(res.status).toBe(200);
  return res.body as { users: { phone: string }[]; total: number; page: number; totalPages: number };
};
const phones = (body: { users: { phone: string }[] }) => body.users.map((u) => u.phone).filter((p) => p.startsWith('+3864182'));

describe('GET /api/users', () => {
  it('defaults to active users, last login newest first', async () => {
    const body = await list('');
    expect(phones(body)).toEqual(['+38641820004', '+38641820002', '+38641820001']);
  });

  it('filters by status and roles, searches phone, names and company', async () => {
    expect(phones(await list('?status=inactive'))).toEqual(['+38641820003']);
    expect(phones(await list('?status=active,inactive&role=slave'))).toEqual(['+38641820002']);
    expect(phones(await list('?status=all&search=novak'))).toEqual(['+38641820002']);
    expect(phones(await list('?status=all&search=ZEBRA'))).toEqual(['+38641820001']);
    expect(phones(await list('?status=all&search=820003'))).toEqual(['+38641820003']);
    expect(phones(await list('?status=all&search=%25'))).toEqual([]);
    // A role named twice is still a filter of the roles named (three entries are not "every role").
    const repeated = await admin.call('GET', '/api/users?status=all&role=user,user,slave&limit=100');
    expect(repeated.body.users.map((u: { role: string }) => u.role)).not.toContain('admin');
    expect(phones(await list('?status=inactive,inactive'))).toEqual(['+38641820003']);
    expect(repeated.body.total).toBe((await admin.call('GET', '/api/users?status=all&role=user,slave&limit=100')).body.total);
    const none = await list('?search=nobody-at-all');
    expect(none).toMatchObject({ users: [], total: 0, totalPages: 1 });
  });

  it('sorts by credit and by the display name, and pages', async () => {
    expect(phones(await list('?status=all&sort=credit&order=desc&search=3864182'))).toEqual(['+38641820003', '+38641820001', '+38641820004', '+38641820002']);
    expect(phones(await list('?status=all&sort=user&order=asc&search=3864182'))).toEqual(['+38641820004', '+38641820002', '+38641820003', '+38641820001']);
    const page2 = await list('?status=all&sort=credit&order=asc&search=3864182&limit=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, totalPages: 2 });
    expect(phones(page2)).toEqual(['+38641820003']);
    expect((await admin.call('GET', '/api/users?sort=age')).status).toBe(400);
  });

  it('returns one user with their features; sender N/A is null', async () => {
    const res = await admin.call('GET', `/api/users/${people[0]!.id}`);
    expect(res.body).toMatchObject({ user: { phone: '+38641820001', company_name: 'Zebra d.o.o.', credit: 5, settings: { sender_name: null, primary_channel: 'sms' }, features: { viber: false } }, defaultSenderName: 'Kurir' });
    expect((await admin.call('GET', '/api/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('user settings and products', () => {
  it('PATCH settings: the channel; a sender name only the default or the approved one; audited', async () => {
    const user = people[0]!;
    const ok = await admin.call('PATCH', `/api/admin/users/${user.id}/settings`, { primary_channel: 'viber' });
    expect(ok.body).toMatchObject({ message: 'Settings updated', user: { settings: { primary_channel: 'viber' } } });
    const bad = await admin.call('PATCH', `/api/admin/users/${user.id}/settings`, { sender_name: 'MADEUP' });
    expect(bad.status).toBe(400);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user_settings_updated'));
    expect(audit).toMatchObject({ targetId: user.id, before: { primary_channel: 'sms' }, after: { primary_channel: 'viber' } });
  });

  it('assigning a product unlocks its feature at once; removing it revokes it', async () => {
    const user = people[3]!;
    const [viber] = (await admin.call('GET', '/api/products')).body.products.filter((p: { name: string }) => p.name === 'Viber');
    expect((await admin.call('POST', `/api/admin/users/${user.id}/products`, { productId: viber.id, quantity: 0 })).body.message).toBe(
      'Quantity must be a whole number of at least 1',
    );
    const added = await admin.call('POST', `/api/admin/users/${user.id}/products`, { productId: viber.id, quantity: 2 });
    expect(added.body).toMatchObject({ message: 'Product added', userProduct: { product_name: 'Viber', quantity: 2, status: 'active' } });
    expect((await user.call('GET', '/api/auth/me')).body.features.viber).toBe(true);
    const listed = await admin.call('GET', `/api/users/${user.id}/products`);
    expect(listed.body.userProducts).toHaveLength(1);

    const removed = await admin.call('DELETE', `/api/admin/users/${user.id}/products/${added.body.userProduct.id}`);
    expect(removed.body).toMatchObject({ message: 'Product removed', userProduct: { status: 'inactive', active: false } });
    expect((await user.call('GET', '/api/auth/me')).body.features.viber).toBe(false);
    const send = await user.call('POST', '/api/message/send', { recipient: '+38640111222', message: 'Hi', channel: 'viber' });
    expect(send.status).toBe(403);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['product_assigned', 'product_removed']));
  });

  it('a month of an add-on given to a user who has it runs after their period, not over days they have', async () => {
    const user = people[1]!;
    const [schedule] = (await admin.call('GET', '/api/products')).body.products.filter((p: { name: string }) => p.name === 'Schedule Send');
    const first = (await admin.call('POST', `/api/admin/users/${user.id}/products`, { productId: schedule.id, quantity: 1 })).body.userProduct;
    const second = (await admin.call('POST', `/api/admin/users/${user.id}/products`, { productId: schedule.id, quantity: 1 })).body.userProduct;
    expect(second.starts_at).toBe(first.expires_at);
    expect(new Date(second.expires_at).getTime()).toBe(addCalendarMonths(new Date(first.expires_at), 1).getTime());
    expect((await user.call('GET', '/api/auth/me')).body.features.schedule).toBe(true);
  });
});

// PATCH /api/admin/users/{id}: admin-only edits of an account; deactivating signs the user out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../db/schema';
import { TEST_ADMIN_PHONE, createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

const idOf = async (phone: string) => (await t.db.select().from(users).where(eq(users.phone, phone)))[0]!;
const patch = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie }, payload });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('PATCH /api/admin/users/:id', () => {
  it('deactivating a user deletes their sessions: their cookie stops working at once', async () => {
    const phone = '+38641700001';
    const cookie = await t.signIn(phone);
    const user = await idOf(phone);
    expect((await me(cookie)).statusCode).toBe(200);

    const res = await patch(admin, user.id, { status: 'inactive', company_name: 'Acme d.o.o.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'User updated', user: { status: 'inactive', company_name: 'Acme d.o.o.' } });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await me(cookie)).statusCode).toBe(401);

    // Signing in again is refused while the account is inactive.
    await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', payload: { phone } });
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone, code: await t.lastCode(phone) } });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().accountDeactivated).toBe(true);
  });

  it('is for admins only', async () => {
    const phone = '+38641700002';
    const cookie = await t.signIn(phone);
    const user = await idOf(phone);
    const res = await patch(cookie, user.id, { role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect((await idOf(phone)).role).toBe('user');
  });

  it('refuses fields it does not own, unknown users, and an admin locking themselves out', async () => {
    const phone = '+38641700003';
    await t.signIn(phone);
    const user = await idOf(phone);
    const credit = await patch(admin, user.id, { credit: 1000 });
    expect(credit.statusCode).toBe(400);
    expect(credit.json().message).toContain('credit');
    expect((await idOf(phone)).credit).toBe(user.credit);

    expect((await patch(admin, '00000000-0000-4000-8000-000000000000', { city: 'Ljubljana' })).statusCode).toBe(404);
    expect((await patch(admin, 'not-a-uuid', { city: 'Ljubljana' })).statusCode).toBe(404);

    const self = await idOf(TEST_ADMIN_PHONE);
    const lockout = await patch(admin, self.id, { status: 'inactive' });
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().message).toBe('You cannot deactivate your own account or remove your own admin role.');
    expect((await patch(admin, self.id, { role: 'user' })).statusCode).toBe(400);
    expect((await idOf(TEST_ADMIN_PHONE)).status).toBe('active');
  });
});

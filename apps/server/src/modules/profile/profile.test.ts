// PUT /api/user/profile: only the spec's fields, validated with the spec's messages; nothing else
// about the account can be changed through it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { grantProduct } from '../../test/products';
import { signInCustomer, type Customer } from '../products/products.test-support';

let t: TestApp;
let me: Customer;

beforeAll(async () => {
  t = await createTestApp();
  me = await signInCustomer(t, '+38641900001');
});
afterAll(() => t.close());

const update = (body: Record<string, unknown>) => me.call('PUT', '/api/user/profile', body);
const FULL = {
  first_name: ' Ana ',
  last_name: 'Novak',
  email: 'ana@example.com',
  company_name: 'Novak d.o.o.',
  address: 'Slovenska 1',
  city: 'Ljubljana',
  zip_code: '1000',
  country: 'Slovenia',
  tax_id: 'SI12345678',
  sender_name: 'Kurir',
  primary_channel: 'sms',
};

describe('profile update', () => {
  it('saves the spec fields and answers with the same user object as /api/auth/me', async () => {
    const res = await update(FULL);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Ana',
      last_name: 'Novak',
      email: 'ana@example.com',
      company_name: 'Novak d.o.o.',
      zip_code: '1000',
      tax_id: 'SI12345678',
      settings: { sender_name: 'Kurir', primary_channel: 'sms' },
      role: 'user',
      credit: 2,
    });
    expect(res.body).toEqual((await me.call('GET', '/api/auth/me')).body);
    const cleared = await update({ ...FULL, company_name: '', email: '' });
    expect(cleared.body).toMatchObject({ company_name: null, email: null, first_name: 'Ana' });
  });

  it('validates with the spec messages', async () => {
    expect(await update({ ...FULL, email: 'not-an-email' })).toMatchObject({ status: 400, body: { message: 'Invalid email address' } });
    expect(await update({ ...FULL, sender_name: '  ' })).toMatchObject({ status: 400, body: { message: 'Sender name is required' } });
    expect(await update({ ...FULL, sender_name: 'ABCDEFGHIJKL' })).toMatchObject({ status: 400, body: { message: 'Sender name must be 11 characters or less' } });
    expect((await update({ ...FULL, primary_channel: 'fax' })).status).toBe(400);
    expect((await update({ ...FULL, city: 'x'.repeat(201) })).status).toBe(400);
  });

  it('refuses role, credit, status, phone and anything unknown, changing nothing', async () => {
    const before = (await t.db.select().from(users).where(eq(users.id, me.id)))[0]!;
    for (const extra of [{ role: 'admin' }, { credit: 1000 }, { status: 'inactive' }, { phone: '+38640000001' }, { id: 'x' }, { settings: { sender_name: 'X' } }]) {
      const res = await update({ ...FULL, first_name: 'Mallory', ...extra });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/unrecognized key/i);
    }
    const after = (await t.db.select().from(users).where(eq(users.id, me.id)))[0]!;
    expect(after).toEqual(before);
  });

  it('lets the sender name be only the default or the approved custom name', async () => {
    expect(await update({ sender_name: 'ACME' })).toMatchObject({
      status: 400,
      body: { message: 'Sender name can only be the default sender name or your approved Custom Sender Name.' },
    });
    await grantProduct(t.db, me.phone, 'Custom sender name', { status: 'pending', customSenderName: 'ACME' });
    expect((await update({ sender_name: 'ACME' })).status).toBe(400);
    await grantProduct(t.db, me.phone, 'Custom sender name', { status: 'active', customSenderName: 'ACME' });
    expect((await update({ sender_name: 'ACME' })).body.settings.sender_name).toBe('ACME');
    // Saving the form unchanged keeps it; the default is always allowed.
    expect((await update({ ...FULL, sender_name: 'ACME' })).status).toBe(200);
    expect((await update({ sender_name: 'Kurir' })).body.settings.sender_name).toBe('Kurir');
  });

  it('needs the Viber service to choose Viber as primary channel', async () => {
    expect(await update({ primary_channel: 'viber' })).toMatchObject({
      status: 403,
      body: { message: 'Viber messaging requires an active Viber service. Please purchase it on the Products page.' },
    });
    await grantProduct(t.db, me.phone, 'Viber', { expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await update({ primary_channel: 'viber' })).body.settings.primary_channel).toBe('viber');
  });

  it('is for signed-in users', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: FULL })).statusCode).toBe(401);
  });
});

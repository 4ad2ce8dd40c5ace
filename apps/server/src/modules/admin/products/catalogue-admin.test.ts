// The catalogue kept by admins: the form's validation messages, create and edit, delete that erases
// a never-bought product and retires a bought one (its buyers keep it to expiry), and per-message
// prices that follow the 'SMS Message' product: the next quote and send change, the past does not.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages, products } from '../../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../../test/helper';
import { ensureCatalogue } from '../../products/catalogue';
import { signedIn, type Caller } from '../admin.test-support';

let t: TestApp;
let admin: Caller;
let customer: Caller;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  await ensureCatalogue(t.db);
  admin = await signedIn(t, TEST_ADMIN_PHONE);
  customer = await signedIn(t, '+38641840001');
});
afterAll(() => t?.close());

const form = {
  name: 'Bulk Pack',
  description: 'Extra things',
  type: 'monthly',
  net_buy_price: '0,5',
  buy_tax_rate: 22,
  net_sell_price: '1.639344',
  sell_tax_rate: '22',
  valid_from: '2026-01-01',
  never_expires: true,
  status: 'active',
  icon_type: 'premium',
  visible_in_dashboard: true,
};

describe('product form', () => {
  it('names every missing required field with the spec-style messages', async () => {
    const cases: [string, string][] = [
      ['name', 'Name is required'],
      ['description', 'Description is required'],
      ['net_buy_price', 'Net buy price is required'],
      ['buy_tax_rate', 'Buy tax rate is required'],
      ['net_sell_price', 'Net sell price is required'],
      ['sell_tax_rate', 'Sell tax rate is required'],
      ['valid_from', 'Valid from is required'],
    ];
    for (const [field, message] of cases) {
      const res = await admin.call('POST', '/api/products', { ...form, [field]: '' });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.call('POST', '/api/products', { ...form, sell_tax_rate: 140 })).body.message).toBe('Tax rates must be numbers from 0 to 100');
    expect((await admin.call('POST', '/api/products', { ...form, never_expires: false, valid_to: '2025-01-01' })).body.message).toBe('Valid to must be after valid from');
    // A date past the year 9999 is a valid JavaScript date that the database cannot store.
    for (const validTo of ['99999-01-01', '+275760-09-13T00:00:00Z']) {
      const res = await admin.call('POST', '/api/products', { ...form, never_expires: false, valid_to: validTo });
      expect(res.status, validTo).toBe(400);
      expect(res.body.message).toBe('Dates must be valid dates');
    }
    expect(await t.db.select().from(products).where(eq(products.name, 'Bulk Pack'))).toEqual([]);
  });

  it('creates (comma decimals accepted, never expires clears valid_to) and edits, audited', async () => {
    const created = await admin.call('POST', '/api/products', { ...form, valid_to: '2030-01-01' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      message: 'The product was created successfully',
      product: { name: 'Bulk Pack', net_buy_price: 0.5, net_sell_price: 1.639344, sellPriceWithTax: 2, valid_to: null, retired: false },
    });
    const edited = await admin.call('PUT', `/api/products/${created.body.product.id}`, { ...form, net_sell_price: 2 });
    expect(edited.body).toMatchObject({ message: 'The product was updated successfully', product: { net_sell_price: 2, sellPriceWithTax: 2.44 } });
    expect((await admin.call('POST', '/api/products', { ...form, name: 'bulk pack' })).status).toBe(409);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, created.body.product.id))).map((a) => a.action);
    expect(actions).toEqual(['product_created', 'product_updated']);
  });

  it('a create sent twice at once (a double click), or two names differing in case, make one product', async () => {
    const results = await Promise.all(['Twice', 'Twice', 'twice', 'TWICE'].map((name) => admin.call('POST', '/api/products', { ...form, name })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(3).fill('A product with this name already exists'));
    const twice = (await admin.call('GET', '/api/products')).body.products.filter((p: { name: string }) => p.name.toLowerCase() === 'twice');
    expect(twice).toHaveLength(1);
  });

  it('customers see what is on sale without buy prices; admins see inactive ones too', async () => {
    await admin.call('POST', '/api/products', { ...form, name: 'Hidden Thing', status: 'inactive' });
    const mine = (await customer.call('GET', '/api/products')).body.products;
    expect(mine.find((p: { name: string }) => p.name === 'Hidden Thing')).toBeUndefined();
    expect(mine[0].net_buy_price).toBeUndefined();
    const all = (await admin.call('GET', '/api/products')).body.products;
    expect(all.find((p: { name: string }) => p.name === 'Hidden Thing')).toMatchObject({ status: 'inactive', net_buy_price: 0.5 });
  });
});

describe('deleting a product', () => {
  it('erases one never bought; retires one bought, whose buyer keeps its feature to expiry', async () => {
    const never = await admin.call('POST', '/api/products', { ...form, name: 'Never Bought' });
    const del = await admin.call('DELETE', `/api/products/${never.body.product.id}`);
    expect(del.body).toEqual({ outcome: 'deleted', message: 'The product was deleted successfully' });
    expect(await t.db.select().from(products).where(eq(products.id, never.body.product.id))).toEqual([]);

    const schedule = (await admin.call('POST', '/api/products', { ...form, name: 'Schedule Plus', net_sell_price: 1 })).body.product;
    const bought = await customer.call('POST', '/api/user/products/purchase', { productId: schedule.id });
    expect(bought.status).toBe(200);
    expect((await customer.call('GET', '/api/auth/me')).body.features.schedule).toBe(true);

    const retired = await admin.call('DELETE', `/api/products/${schedule.id}`);
    expect(retired.body).toMatchObject({ outcome: 'retired', message: 'The product was retired: it was bought before, so its buyers keep it until it expires.' });
    expect((await customer.call('GET', '/api/products')).body.products.find((p: { id: string }) => p.id === schedule.id)).toBeUndefined();
    expect((await customer.call('GET', '/api/products/available')).body.products.find((p: { id: string }) => p.id === schedule.id)).toBeUndefined();
    expect((await customer.call('POST', '/api/user/products/purchase', { productId: schedule.id })).status).not.toBe(200);
    expect((await customer.call('GET', '/api/auth/me')).body.features.schedule).toBe(true);
    expect((await admin.call('GET', '/api/products')).body.products.find((p: { id: string }) => p.id === schedule.id)).toMatchObject({ retired: true, status: 'inactive' });
  });

  it('editing a retired product to active puts it back on sale: the answer and the stored product agree', async () => {
    const buyer = await signedIn(t, '+38641840002');
    const pack = (await admin.call('POST', '/api/products', { ...form, name: 'Comeback Pack', net_sell_price: 0.1 })).body.product;
    expect((await buyer.call('POST', '/api/user/products/purchase', { productId: pack.id })).status).toBe(200);
    expect((await admin.call('DELETE', `/api/products/${pack.id}`)).body.outcome).toBe('retired');
    const onSale = async () => (await buyer.call('GET', '/api/products/available')).body.products.some((p: { id: string }) => p.id === pack.id);
    expect(await onSale()).toBe(false);

    // An edit that leaves it inactive (a price, say) keeps it retired.
    const repriced = await admin.call('PUT', `/api/products/${pack.id}`, { ...form, name: 'Comeback Pack', net_sell_price: 0.2, status: 'inactive' });
    expect(repriced.status).toBe(200);
    expect(repriced.body.product).toMatchObject({ status: 'inactive', retired: true, net_sell_price: 0.2 });

    const revived = await admin.call('PUT', `/api/products/${pack.id}`, { ...form, name: 'Comeback Pack', net_sell_price: 0.2, status: 'active' });
    expect(revived.status).toBe(200);
    expect(revived.body.product).toMatchObject({ status: 'active', retired: false });
    const [stored] = await t.db.select().from(products).where(eq(products.id, pack.id));
    expect(stored).toMatchObject({ status: 'active', retiredAt: null });
    expect((await admin.call('GET', '/api/products')).body.products.find((p: { id: string }) => p.id === pack.id)).toMatchObject({ status: 'active', retired: false });
    expect(await onSale()).toBe(true);
    expect((await buyer.call('POST', '/api/user/products/purchase', { productId: pack.id })).status).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, pack.id), eq(auditLog.action, 'product_updated'))).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ before: { status: 'inactive', retired: true }, after: { status: 'active', retired: false } });
  });

  it('refuses, once a product was bought, a new name that changes the feature it unlocks (features follow names)', async () => {
    const all = (await admin.call('GET', '/api/products')).body.products;
    const phonebook = all.find((p: { name: string }) => p.name === 'Phonebook');
    expect((await admin.call('POST', `/api/admin/users/${customer.id}/products`, { productId: phonebook.id, quantity: 1 })).status).toBe(200);
    const edit = (id: string, name: string) => admin.call('PUT', `/api/products/${id}`, { ...form, name });
    const renamed = await edit(phonebook.id, 'Contacts');
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(
      'This product was bought, and its name decides what its buyers may use: a new name must unlock the same feature (or create a new product).',
    );
    expect((await customer.call('GET', '/api/auth/me')).body.features.phonebook).toBe(true);
    expect((await edit(phonebook.id, 'Phonebook Plus')).status).toBe(200);
    // Nobody bought this one yet: it may still be named anything.
    const plain = (await admin.call('POST', '/api/products', { ...form, name: 'Plain Pack' })).body.product;
    expect((await edit(plain.id, 'Viber Pack')).status).toBe(200);
  });

  it('refuses to delete or rename the per-message products', async () => {
    const sms = (await admin.call('GET', '/api/products')).body.products.find((p: { name: string }) => p.name === 'SMS Message');
    expect((await admin.call('DELETE', `/api/products/${sms.id}`)).status).toBe(400);
  });
});

describe('per-message prices', () => {
  it("editing 'SMS Message' changes the next quote and send, never a past message", async () => {
    const quote = () => customer.call('POST', '/api/messages/quote', { message: 'Hello', recipient: '+38640111222' });
    expect((await quote()).body.unitPrice).toBe(0.07991);
    const before = await customer.call('POST', '/api/message/send', { recipient: '+38640111222', message: 'Before' });
    expect(before.body.cost).toBe(0.07991);

    const sms = (await admin.call('GET', '/api/products')).body.products.find((p: { name: string }) => p.name === 'SMS Message');
    const res = await admin.call('PUT', `/api/products/${sms.id}`, {
      name: 'SMS Message', description: sms.description, type: 'per_unit', net_buy_price: 0, buy_tax_rate: 22,
      net_sell_price: 0.081967, sell_tax_rate: 22, valid_from: sms.valid_from, never_expires: true, status: 'active', icon_type: 'sms', visible_in_dashboard: true,
    });
    expect(res.body.product.sellPriceWithTax).toBe(0.1);
    expect((await quote()).body.unitPrice).toBe(0.1);
    expect((await customer.call('GET', '/api/sms/pricing')).body.sellPriceWithTax).toBe(0.1);
    const after = await customer.call('POST', '/api/message/send', { recipient: '+38640111222', message: 'After' });
    expect(after.body.cost).toBe(0.1);

    const [old] = await t.db.select().from(messages).where(eq(messages.id, before.body.results[0].id));
    expect(old!.price).toBe(79_910);
  });
});

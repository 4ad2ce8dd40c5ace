import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, userProducts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { grantProduct } from '../../test/products';
import { ensureCatalogue, getMessagePrices } from './catalogue';
import {
  balanceOf,
  createProduct,
  ledgerOf,
  productId,
  setBalance,
  signInCustomer,
  userProductsOf,
  type Customer,
} from './products.test-support';

let t: TestApp;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db);
  alice = await signInCustomer(t, '+38641200001');
  bob = await signInCustomer(t, '+38641200002');
});
afterAll(() => t.close());

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** The next 31 January, 12:00 UTC (always within the 12 months a start date may be ahead). */
function nextJanuary31(): Date {
  const now = new Date();
  const thisYear = new Date(Date.UTC(now.getUTCFullYear(), 0, 31, 12));
  return thisYear > now ? thisYear : new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 31, 12));
}

describe('catalogue', () => {
  it('seeds the default products once and keeps what an admin changed', async () => {
    await t.db.update(products).set({ description: 'Edited by admin' }).where(eq(products.name, 'API access'));
    await ensureCatalogue(t.db);
    await ensureCatalogue(t.db);
    const rows = await t.db.select().from(products);
    const names = rows.map((p) => p.name).sort();
    expect(names).toEqual(['API access', 'Custom sender name', 'Phonebook', 'SMS Message', 'Schedule Send', 'Viber', 'Viber Message']);
    expect(rows.find((p) => p.name === 'API access')!.description).toBe('Edited by admin');
  });

  it('prices an SMS at 0.07991 € and a Viber message at 0.03 €, tax included', async () => {
    expect(await getMessagePrices(t.db)).toEqual({ sms: 79_910, viber: 30_000 });
    expect(await alice.call('GET', '/api/sms/pricing')).toEqual({ status: 200, body: { sellPriceWithTax: 0.07991 } });
    expect(await alice.call('GET', '/api/viber/pricing')).toEqual({ status: 200, body: { sellPriceWithTax: 0.03 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/sms/pricing' })).statusCode).toBe(401);
  });

  it('lists what is on sale now, with tax-inclusive prices, and marks the included products', async () => {
    await createProduct(t.db, { name: 'Retired add-on', status: 'inactive' });
    await createProduct(t.db, { name: 'Hidden add-on', visibleInDashboard: false });
    await createProduct(t.db, { name: 'Old offer', validTo: new Date(Date.now() - 60_000) });
    await createProduct(t.db, { name: 'Future offer', validFrom: new Date(Date.now() + 86_400_000) });
    const { status, body } = await alice.call('GET', '/api/products/available');
    expect(status).toBe(200);
    const byName = new Map(body.products.map((p: { name: string }) => [p.name, p]));
    expect([...byName.keys()]).not.toContain('Retired add-on');
    expect([...byName.keys()]).not.toContain('Hidden add-on');
    expect([...byName.keys()]).not.toContain('Old offer');
    expect([...byName.keys()]).not.toContain('Future offer');
    expect(byName.get('Viber')).toEqual({
      id: expect.any(String),
      name: 'Viber',
      description: expect.any(String),
      icon_type: 'viber',
      type: 'monthly',
      net_sell_price: 4.090164,
      sell_tax_rate: 22,
      valid_to: null,
      status: 'active',
      sellPriceWithTax: 4.99,
      purchasable: true,
    });
    expect(byName.get('SMS Message')).toMatchObject({ purchasable: false, type: 'per_unit', icon_type: 'sms', sellPriceWithTax: 0.07991 });
    expect(byName.get('Viber Message')).toMatchObject({ purchasable: false, sellPriceWithTax: 0.03 });
    expect(byName.get('Custom sender name')).toMatchObject({ purchasable: true, type: 'one_time', icon_type: 'sender', sellPriceWithTax: 19.99 });
    // On sale now that API keys exist: it is what allows live keys.
    expect(byName.get('API access')).toMatchObject({ purchasable: true, type: 'monthly', icon_type: 'api', sellPriceWithTax: 9.9 });
  });
});

describe('purchase', () => {
  it('charges net + tax × quantity for a per-unit product, with its ledger entry', async () => {
    const pack = await createProduct(t.db, { name: 'Bulk Pack', type: 'per_unit', netSellPrice: 1_000_000, sellTaxRate: 22 });
    await setBalance(t.db, alice.id, 10_000_000);
    const res = await alice.call('POST', '/api/user/products/purchase', { productId: pack.id, quantity: 3, startOption: 'now' });
    expect(res.status).toBe(200);
    expect(res.body.newCredit).toBe(6.34);
    expect(res.body.message).toBe('Bulk Pack purchased successfully.');
    expect(res.body.userProduct).toMatchObject({ product_name: 'Bulk Pack', quantity: 3, status: 'active', total_price: 3.66, expires_at: null });
    expect(await balanceOf(t.db, alice.id)).toBe(6_340_000);
    const entry = (await ledgerOf(t.db, alice.id)).find((e) => e.type === 'product_purchase')!;
    expect(entry).toMatchObject({ amount: -3_660_000, description: 'Purchase: Bulk Pack × 3', reference: res.body.userProduct.id, balanceAfter: 6_340_000 });
  });

  it('refuses a quantity for a monthly product, and changes nothing', async () => {
    await setBalance(t.db, bob.id, 20_000_000);
    const res = await bob.call('POST', '/api/user/products/purchase', { productId: await productId(t.db, 'Viber'), quantity: 2, startOption: 'now' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Quantity can only be changed for per-unit products.' } });
    expect(await balanceOf(t.db, bob.id)).toBe(20_000_000);
    expect(await userProductsOf(t.db, bob.id)).toHaveLength(0);
  });

  it('runs a monthly product one calendar month, clamped to the end of a shorter month', async () => {
    await setBalance(t.db, bob.id, 20_000_000);
    const start = nextJanuary31();
    const res = await bob.call('POST', '/api/user/products/purchase', {
      productId: await productId(t.db, 'Schedule Send'),
      quantity: 1,
      startOption: 'custom',
      startDate: start.toISOString(),
    });
    expect(res.status).toBe(200);
    const year = start.getUTCFullYear();
    const expected = new Date(Date.UTC(year, 1, isLeap(year) ? 29 : 28, 12));
    expect(res.body.userProduct).toMatchObject({ starts_at: start.toISOString(), expires_at: expected.toISOString(), total_price: 2.99 });
    expect(res.body.newCredit).toBe(17.01);
    // Bought, but not started: it unlocks nothing yet.
    expect((await bob.call('GET', '/api/auth/me')).body.features.schedule).toBe(false);
  });

  it('runs a daily product 24 hours from its start', async () => {
    const pass = await createProduct(t.db, { name: 'Day Pass', type: 'daily', netSellPrice: 819_672 }); // 1.00 € with tax
    const start = new Date(Date.now() + 3 * 86_400_000);
    const res = await bob.call('POST', '/api/user/products/purchase', { productId: pass.id, quantity: 1, startOption: 'custom', startDate: start.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body.userProduct.expires_at).toBe(new Date(start.getTime() + 86_400_000).toISOString());
    expect(res.body.userProduct.total_price).toBe(1);
  });

  it('extends an add-on already in force by one month from its current expiry', async () => {
    await setBalance(t.db, alice.id, 10_000_000);
    const phonebook = await productId(t.db, 'Phonebook');
    const first = await alice.call('POST', '/api/user/products/purchase', { productId: phonebook, quantity: 1, startOption: 'now' });
    const second = await alice.call('POST', '/api/user/products/purchase', { productId: phonebook, quantity: 1, startOption: 'now' });
    expect(second.status).toBe(200);
    expect(second.body.userProduct.id).toBe(first.body.userProduct.id);
    const firstEnd = new Date(first.body.userProduct.expires_at);
    const lastDay = new Date(Date.UTC(firstEnd.getUTCFullYear(), firstEnd.getUTCMonth() + 2, 0)).getUTCDate();
    const expected = new Date(firstEnd);
    expected.setUTCDate(1);
    expected.setUTCMonth(firstEnd.getUTCMonth() + 1);
    expected.setUTCDate(Math.min(firstEnd.getUTCDate(), lastDay));
    expect(second.body.userProduct.expires_at).toBe(expected.toISOString());
    expect(second.body.userProduct.total_price).toBe(4.98);
    expect(second.body.newCredit).toBe(5.02);
    const mine = (await alice.call('GET', '/api/user/products')).body.userProducts.filter((p: { product_name: string }) => p.product_name === 'Phonebook');
    expect(mine).toHaveLength(1);
  });

  it('refuses a start date in the past or a custom start without a date', async () => {
    const viber = await productId(t.db, 'Viber');
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(await bob.call('POST', '/api/user/products/purchase', { productId: viber, quantity: 1, startOption: 'custom', startDate: past })).toMatchObject({
      status: 400,
      body: { message: 'Start date cannot be in the past.' },
    });
    expect((await bob.call('POST', '/api/user/products/purchase', { productId: viber, quantity: 1, startOption: 'custom' })).body.message).toBe('Please choose a start date.');
  });

  it('answers 402 without enough credit and changes nothing', async () => {
    const carol = await signInCustomer(t, '+38641200003');
    await setBalance(t.db, carol.id, 1_000_000);
    const ledgerBefore = (await ledgerOf(t.db, carol.id)).length;
    const res = await carol.call('POST', '/api/user/products/purchase', { productId: await productId(t.db, 'Viber'), quantity: 1, startOption: 'now' });
    expect(res).toMatchObject({ status: 402, body: { message: 'Insufficient credit. Please top up your balance to continue.' } });
    expect(await balanceOf(t.db, carol.id)).toBe(1_000_000);
    expect(await userProductsOf(t.db, carol.id)).toHaveLength(0);
    expect(await ledgerOf(t.db, carol.id)).toHaveLength(ledgerBefore);
  });

  it('refuses included, withdrawn and unknown products', async () => {
    const buy = (id: string) => alice.call('POST', '/api/user/products/purchase', { productId: id, quantity: 1, startOption: 'now' });
    expect(await buy(await productId(t.db, 'SMS Message'))).toMatchObject({ status: 400, body: { message: 'SMS Message is included by default and cannot be purchased.' } });
    expect(await buy(await productId(t.db, 'Retired add-on'))).toMatchObject({ status: 400, body: { message: 'This product is not available for purchase.' } });
    expect(await buy('6f1c2a6e-1111-4a5b-9c3d-000000000000')).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    expect((await buy('not-an-id')).status).toBe(400);
    const extra = await alice.call('POST', '/api/user/products/purchase', { productId: await productId(t.db, 'Viber'), quantity: 1, startOption: 'now', price: 0 });
    expect(extra.status).toBe(400);
  });

  it('lists only my own products, with the spec fields', async () => {
    const { body } = await bob.call('GET', '/api/user/products');
    expect(body.userProducts.map((p: { product_name: string }) => p.product_name).sort()).toEqual(['Day Pass', 'Schedule Send']);
    expect(Object.keys(body.userProducts[0]).sort()).toEqual(
      ['active', 'custom_sender_name', 'expires_at', 'id', 'product_description', 'product_icon', 'product_id', 'product_name', 'product_type', 'purchased_at', 'quantity', 'starts_at', 'status', 'total_price'].sort(),
    );
  });
});

describe('no day of an add-on is paid twice', () => {
  const DAY = 86_400_000;
  const buyNow = (c: Customer, id: string) => c.call('POST', '/api/user/products/purchase', { productId: id, quantity: 1, startOption: 'now' });
  const buyFrom = (c: Customer, id: string, start: Date) =>
    c.call('POST', '/api/user/products/purchase', { productId: id, quantity: 1, startOption: 'custom', startDate: start.toISOString() });
  const months = (from: Date, to: Date) => (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();

  /** The customer's rows of the product, earliest first, after checking that no two share a moment. */
  async function periodsOf(c: Customer, id: string) {
    const rows = (await userProductsOf(t.db, c.id)).filter((r) => r.productId === id).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.expiresAt!.getTime());
    return rows;
  }

  it('a purchase now after one with a later start date goes after both, on the later row', async () => {
    const c = await signInCustomer(t, '+38641200011');
    await setBalance(t.db, c.id, 100_000_000);
    const viber = await productId(t.db, 'Viber');
    const first = await buyNow(c, viber);
    const later = await buyFrom(c, viber, new Date(Date.now() + 40 * DAY));
    expect([first.status, later.status]).toEqual([200, 200]);
    // The UI says "Extend": the month goes after the last period it would run into.
    const third = await buyNow(c, viber);
    expect(third.status).toBe(200);
    expect(third.body.userProduct.id).toBe(later.body.userProduct.id);

    const [a, b] = await periodsOf(c, viber);
    expect(a!.expiresAt!.toISOString()).toBe(first.body.userProduct.expires_at);
    expect(b!.startsAt.toISOString()).toBe(later.body.userProduct.starts_at);
    expect(months(b!.startsAt, b!.expiresAt!)).toBe(2);
    expect(b!.totalPrice).toBe(2 * 4_990_000);
    expect((await ledgerOf(t.db, c.id)).filter((e) => e.type === 'product_purchase').map((e) => e.amount)).toEqual([-4_990_000, -4_990_000, -4_990_000]);
    expect(await balanceOf(t.db, c.id)).toBe(100_000_000 - 3 * 4_990_000);
  });

  it('a purchase now with only a period that starts within a month extends that period', async () => {
    const c = await signInCustomer(t, '+38641200012');
    await setBalance(t.db, c.id, 100_000_000);
    const viber = await productId(t.db, 'Viber');
    const upcoming = await buyFrom(c, viber, new Date(Date.now() + 10 * DAY));
    const now = await buyNow(c, viber);
    expect(now.status).toBe(200);
    expect(now.body.userProduct.id).toBe(upcoming.body.userProduct.id);
    const [only, ...rest] = await periodsOf(c, viber);
    expect(rest).toHaveLength(0);
    expect(months(only!.startsAt, only!.expiresAt!)).toBe(2);
  });

  it('a purchase now with only a period more than a month ahead starts now, beside it', async () => {
    const c = await signInCustomer(t, '+38641200013');
    await setBalance(t.db, c.id, 100_000_000);
    const viber = await productId(t.db, 'Viber');
    await buyFrom(c, viber, new Date(Date.now() + 45 * DAY));
    const now = await buyNow(c, viber);
    expect(now.status).toBe(200);
    expect(Date.parse(now.body.userProduct.starts_at)).toBeLessThanOrEqual(Date.now());
    expect(await periodsOf(c, viber)).toHaveLength(2);
  });

  it('refuses a start date inside a period already bought, or one that would run into it, and charges nothing', async () => {
    const c = await signInCustomer(t, '+38641200014');
    await setBalance(t.db, c.id, 100_000_000);
    const viber = await productId(t.db, 'Viber');
    const current = await buyNow(c, viber);
    const upcoming = await buyFrom(c, viber, new Date(Date.now() + 70 * DAY));
    expect([current.status, upcoming.status]).toEqual([200, 200]);
    const balance = await balanceOf(t.db, c.id);
    const before = await periodsOf(c, viber);

    const inside = await buyFrom(c, viber, new Date(Date.now() + 3 * DAY));
    expect(inside).toMatchObject({
      status: 409,
      body: {
        code: 'period_overlaps',
        message: 'You already have Viber for some of those days. Choose a start date after that period ends, so no day is paid twice.',
        periodStartsAt: current.body.userProduct.starts_at,
        periodExpiresAt: current.body.userProduct.expires_at,
      },
    });
    // Starts in the gap but would end inside the upcoming period.
    const runsInto = await buyFrom(c, viber, new Date(Date.parse(upcoming.body.userProduct.starts_at) - 10 * DAY));
    expect(runsInto).toMatchObject({ status: 409, body: { code: 'period_overlaps', periodStartsAt: upcoming.body.userProduct.starts_at } });

    expect(await balanceOf(t.db, c.id)).toBe(balance);
    expect(await periodsOf(c, viber)).toEqual(before);
    // Right where the current period ends is no overlap.
    const adjacent = await buyFrom(c, viber, new Date(current.body.userProduct.expires_at));
    expect(adjacent.status).toBe(200);
    expect(await periodsOf(c, viber)).toHaveLength(3);
  });
});

describe('expiry', () => {
  it('stops unlocking a feature at its expiry, and lists it as inactive', async () => {
    const dave = await signInCustomer(t, '+38641200004');
    await setBalance(t.db, dave.id, 10_000_000);
    const bought = await dave.call('POST', '/api/user/products/purchase', { productId: await productId(t.db, 'Phonebook'), quantity: 1, startOption: 'now' });
    expect(bought.status).toBe(200);
    expect((await dave.call('GET', '/api/auth/me')).body.features.phonebook).toBe(true);
    expect((await dave.call('GET', '/api/phonebooks')).status).toBe(200);

    await t.db.update(userProducts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userProducts.id, bought.body.userProduct.id));
    // Written behind the app's back: its cache hears of it through the database's NOTIFY, a moment later.
    await expect.poll(async () => (await dave.call('GET', '/api/auth/me')).body.features.phonebook, { timeout: 5000 }).toBe(false);
    expect((await dave.call('GET', '/api/phonebooks')).status).toBe(403);
    const [listed] = (await dave.call('GET', '/api/user/products')).body.userProducts;
    expect(listed).toMatchObject({ product_name: 'Phonebook', status: 'inactive', active: false });
  });

  it('a product granted with an expiry in the past unlocks nothing', async () => {
    const erin = await signInCustomer(t, '+38641200005');
    await grantProduct(t.db, erin.phone, 'Viber', { expiresAt: new Date(Date.now() - 60_000) });
    expect((await erin.call('GET', '/api/auth/me')).body.features.viber).toBe(false);
    await grantProduct(t.db, erin.phone, 'Viber', { expiresAt: new Date(Date.now() + 60_000) });
    await expect.poll(async () => (await erin.call('GET', '/api/auth/me')).body.features.viber, { timeout: 5000 }).toBe(true);
  });
});

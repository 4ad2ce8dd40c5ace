// GET /api/admin/users/{id}/analytics: the window's last month (the chosen one) is counted too.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products as productsTable, users } from '../../../db/schema';
import { TEST_ADMIN_PHONE, createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(TEST_ADMIN_PHONE);
});
afterAll(() => t?.close());

it("counts this month's product purchase in the current month's row", async () => {
  const phone = '+38641700901';
  const customer = await t.signIn(phone);
  const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
  const credit = await t.app.inject({ method: 'POST', url: '/api/admin/add-user-credit', headers: { cookie: admin }, payload: { userId: user!.id, amount: 100 } });
  expect(credit.statusCode).toBe(200);
  await t.db.insert(productsTable).values({ name: 'Analytics test service', type: 'one_time', netSellPrice: 1_000_000 });
  const { products } = (await t.app.inject({ method: 'GET', url: '/api/products/available', headers: { cookie: customer } })).json() as {
    products: { id: string; name: string; purchasable: boolean; sellPriceWithTax: number }[];
  };
  const product = products.find((p) => p.name === 'Analytics test service');
  expect(product, JSON.stringify(products)).toBeDefined();
  const bought = await t.app.inject({ method: 'POST', url: '/api/user/products/purchase', headers: { cookie: customer }, payload: { productId: product!.id } });
  expect(bought.statusCode, bought.body).toBe(200);

  const now = new Date();
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${user!.id}/analytics?endDate=${month}`, headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  const rows = res.json().monthlyStats as { year: number; month: number; productPurchases: number; productsSpent: number; totalSpent: number }[];
  expect(rows).toHaveLength(6);
  const last = rows[5]!;
  expect({ year: last.year, month: last.month }).toEqual({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
  expect(last.productPurchases).toBe(1);
  expect(last.productsSpent).toBeCloseTo(product!.sellPriceWithTax, 6);
  expect(last.totalSpent).toBeCloseTo(product!.sellPriceWithTax, 6);
  expect(rows.slice(0, 5).every((r) => r.productPurchases === 0)).toBe(true);
});

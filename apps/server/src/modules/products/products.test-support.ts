// Helpers for the money and catalogue tests: a signed-in customer with a known balance, and
// products made to measure.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, transactions, userProducts, users } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { changeBalance } from '../billing/ledger';

export interface Customer {
  id: string;
  phone: string;
  cookie: string;
  // JSON bodies of many shapes, asserted with matchers: typing each would only restate the schemas.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => Promise<{ status: number; body: any }>;
}

export async function signInCustomer(t: TestApp, phone: string): Promise<Customer> {
  const cookie = await t.signIn(phone);
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return {
    id: user!.id,
    phone,
    cookie,
    async call(method, url, payload) {
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
      return { status: res.statusCode, body: res.body ? res.json() : undefined };
    },
  };
}

/** Sets a user's balance to exactly `micros` through the ledger (as an admin credit would). */
export async function setBalance(db: Database, userId: string, micros: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [u] = await tx.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
    const diff = micros - u!.credit;
    if (diff !== 0) await changeBalance(tx, { userId, amount: diff, type: 'credit_addition', description: 'Test balance' });
  });
}

export async function balanceOf(db: Database, userId: string): Promise<number> {
  const [u] = await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return u!.credit;
}

export async function ledgerOf(db: Database, userId: string) {
  return db.select().from(transactions).where(eq(transactions.userId, userId));
}

export async function userProductsOf(db: Database, userId: string) {
  return db.select().from(userProducts).where(eq(userProducts.userId, userId));
}

export async function productId(db: Database, name: string): Promise<string> {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.name, name));
  if (!p) throw new Error(`No product ${name}`);
  return p.id;
}

export async function createProduct(db: Database, values: Partial<typeof products.$inferInsert> & { name: string }) {
  const [p] = await db
    .insert(products)
    .values({ type: 'monthly', netSellPrice: 1_000_000, ...values })
    .returning();
  return p!;
}

// Gives a user a product directly, for tests of features that a purchase would unlock.
import { eq } from 'drizzle-orm';
import { forgetAllCached } from '../db/change-feed';
import type { Database } from '../db/client';
import { products, userProducts, users } from '../db/schema';

export async function grantProduct(
  db: Database,
  phone: string,
  productName: string,
  options: { expiresAt?: Date | null; status?: (typeof userProducts.$inferInsert)['status']; customSenderName?: string } = {},
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!user) throw new Error(`No user ${phone}`);
  let [product] = await db.select({ id: products.id }).from(products).where(eq(products.name, productName));
  if (!product) {
    [product] = await db
      .insert(products)
      .values({ name: productName, type: 'monthly', netSellPrice: 1_000_000 })
      .returning({ id: products.id });
  }
  const [row] = await db
    .insert(userProducts)
    .values({
      userId: user.id,
      productId: product!.id,
      status: options.status ?? 'active',
      expiresAt: options.expiresAt ?? null,
      customSenderName: options.customSenderName ?? null,
    })
    .returning();
  // A purchase drops this instance's caches at once (app.ts); the database's announcement reaches
  // the change feed a moment later, and a loaded machine showed a request served in between.
  forgetAllCached(db);
  return row!;
}

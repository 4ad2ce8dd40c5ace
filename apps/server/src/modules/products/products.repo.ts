// Catalogue and user-product queries. Every customer query takes the user id.
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { products, userProducts, users } from '../../db/schema';
import { lockUserRow } from '../users/lock-user';

/** On sale now: active, not retired, shown in the dashboard, and within its validity window. */
export const onSale = (now: Date) =>
  and(
    eq(products.status, 'active'),
    isNull(products.retiredAt),
    eq(products.visibleInDashboard, true),
    lte(products.validFrom, now),
    or(isNull(products.validTo), gt(products.validTo, now)),
  );

export async function listProductsOnSale(db: DbOrTx, now: Date) {
  return db.select().from(products).where(onSale(now)).orderBy(asc(products.createdAt), asc(products.name));
}

export async function findProduct(db: DbOrTx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

export async function listUserProducts(db: DbOrTx, userId: string) {
  return db
    .select({ row: userProducts, product: { name: products.name, description: products.description, iconType: products.iconType, type: products.type } })
    .from(userProducts)
    .innerJoin(products, eq(products.id, userProducts.productId))
    .where(eq(userProducts.userId, userId))
    .orderBy(desc(userProducts.purchasedAt), desc(userProducts.createdAt));
}

/**
 * Locks the user's row for the rest of the transaction, so one user's purchases and sender
 * requests happen one after another on every instance; returns the database's clock as read
 * once the lock is held. (`now()` would be the transaction's start: a purchase that began first
 * but got the lock second would then start before the period it should extend.)
 */
export async function lockUser(tx: Tx, userId: string): Promise<Date | null> {
  if (!(await lockUserRow(tx, userId))) return null;
  const [clock] = await tx.select({ now: sql`clock_timestamp()`.mapWith(users.createdAt) }).from(users).where(eq(users.id, userId));
  return clock!.now;
}

/**
 * The user's periods of this product that are not over at `now` (in force, or bought to start
 * later), earliest first: a new purchase of it goes after them or between them, never over them.
 */
export async function listHeldPeriods(tx: Tx, userId: string, productId: string, now: Date) {
  return tx
    .select()
    .from(userProducts)
    .where(
      and(
        eq(userProducts.userId, userId),
        eq(userProducts.productId, productId),
        eq(userProducts.status, 'active'),
        eq(userProducts.active, true),
        or(isNull(userProducts.expiresAt), gt(userProducts.expiresAt, now)),
      ),
    )
    .orderBy(asc(userProducts.startsAt), asc(userProducts.createdAt));
}

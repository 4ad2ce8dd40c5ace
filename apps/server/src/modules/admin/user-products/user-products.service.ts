// Products an admin assigns to or removes from a user. An assignment is a user_products row like a
// purchase (free: total_price 0, assigned_by the admin); features.ts reads those rows on every
// request, so an assignment unlocks its feature at once and a removal (active = false) revokes it.
// A monthly or daily add-on the user already has is given after their periods of it, as a
// purchase "now" is, so the days given are days the user did not have.
import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES,
  CUSTOM_SENDER_PRODUCT,
  PRODUCT_MESSAGES,
  USER_PRODUCT_MESSAGES,
  isPeriodic,
  periodEnd,
  periodExtendedByPurchase,
  type UserProduct,
} from '@kurir/core';
import type { Database, Tx } from '../../../db/client';
import { products, userProducts, users } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { toUserProductDto } from '../../products/product-dto';
import type { ProductRow } from '../../products/product-dto';
import { listHeldPeriods, lockUser } from '../../products/products.repo';
import { writeAudit } from '../audit/audit';
import { userLabel } from '../users/admin-user-dto';

/**
 * When an assignment starts: now, or for a monthly or daily add-on the user has, where their last
 * period of it ends (periodExtendedByPurchase: the chain a purchase "now" would extend). Starting
 * it now over a period they have gave fewer days than the admin meant (a month given on the 15th
 * to a customer paid to the 31st added two weeks). Called with the user's row locked.
 */
async function assignmentStart(tx: Tx, userId: string, product: ProductRow, now: Date): Promise<Date> {
  if (!isPeriodic(product.type)) return now;
  const last = periodExtendedByPurchase(product.type, await listHeldPeriods(tx, userId, product.id, now), now);
  if (last && !last.expiresAt) throw conflict(PRODUCT_MESSAGES.neverExpires, 'never_expires');
  return last?.expiresAt ?? now;
}

export async function assignProduct(db: Database, adminId: string, userId: string, input: { productId: string; quantity: number }): Promise<UserProduct> {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const now = await lockUser(tx, userId);
    if (!now) throw notFound(ADMIN_USER_MESSAGES.notFound);
    const [product] = await tx.select().from(products).where(eq(products.id, input.productId));
    if (!product) throw notFound(USER_PRODUCT_MESSAGES.notFound);
    if (product.retiredAt) throw badRequest(USER_PRODUCT_MESSAGES.retired, 'product_retired');
    if (product.name === CUSTOM_SENDER_PRODUCT) throw badRequest(USER_PRODUCT_MESSAGES.senderByRequest, 'sender_by_request');
    const start = await assignmentStart(tx, userId, product, now);
    const [row] = await tx
      .insert(userProducts)
      .values({
        userId,
        productId: product.id,
        quantity: input.quantity,
        status: 'active',
        active: true,
        purchasedAt: now,
        startsAt: start,
        expiresAt: periodEnd(product.type, start),
        totalPrice: 0,
        assignedBy: adminId,
      })
      .returning();
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    await writeAudit(tx, {
      adminId,
      action: 'product_assigned',
      targetType: 'user',
      targetId: userId,
      targetLabel: userLabel(user!),
      after: { product: product.name, quantity: input.quantity, starts_at: start.toISOString(), expires_at: row!.expiresAt?.toISOString() ?? null },
    });
    return toUserProductDto(row!, product, now);
  });
}

export async function removeProduct(db: Database, adminId: string, userId: string, assignmentId: string): Promise<UserProduct> {
  if (!isUuid(userId) || !isUuid(assignmentId)) throw notFound(USER_PRODUCT_MESSAGES.assignmentNotFound);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ row: userProducts, product: products })
      .from(userProducts)
      .innerJoin(products, eq(products.id, userProducts.productId))
      .where(and(eq(userProducts.id, assignmentId), eq(userProducts.userId, userId)))
      .for('update', { of: userProducts });
    if (!current) throw notFound(USER_PRODUCT_MESSAGES.assignmentNotFound);
    if (!current.row.active) throw conflict(USER_PRODUCT_MESSAGES.alreadyRemoved, 'already_removed');
    const [row] = await tx
      .update(userProducts)
      .set({ active: false, status: 'inactive', updatedAt: sql`now()` })
      .where(eq(userProducts.id, assignmentId))
      .returning();
    // A removed Custom sender name is no longer the user's sender name: the brand default is again.
    if (current.row.customSenderName) {
      await tx
        .update(users)
        .set({ senderName: null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), eq(users.senderName, current.row.customSenderName)));
    }
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    await writeAudit(tx, {
      adminId,
      action: 'product_removed',
      targetType: 'user',
      targetId: userId,
      targetLabel: userLabel(user!),
      before: { product: current.product.name, status: current.row.status, active: true },
      after: { product: current.product.name, status: 'inactive', active: false },
    });
    return toUserProductDto(row!, current.product);
  });
}

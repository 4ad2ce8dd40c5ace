// Buying a product from the balance: the price (net + tax, × quantity for per-unit products), the
// period it covers, and the debit with its ledger entry, all in one database transaction.
//
// Buying a monthly or daily add-on that is already in force extends that same period by one more
// month or day from its current expiry (one row per service; total_price adds up; the ledger has
// each purchase). A custom sender name waits for an admin as 'pending'.
import { and, eq, sql } from 'drizzle-orm';
import {
  PRODUCT_MESSAGES,
  customSenderNameSchema,
  featureOfProductName,
  isPurchasableProductName,
  microsToEuros,
  productPrice,
  type PurchaseResponse,
} from '@kurir/core';
import type { Database } from '../../db/client';
import { userProducts } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { changeBalance } from '../billing/ledger';
import { findOpenSenderRequest } from './custom-sender.service';
import { addCalendarMonths, periodEnd } from './periods';
import { toUserProductDto, type ProductRow } from './product-dto';
import { findCoveringPeriod, findProduct, lockUser } from './products.repo';

export interface PurchaseInput {
  productId: string;
  quantity: number;
  startOption: 'now' | 'custom';
  startDate?: string | null;
  senderName?: string | null;
}

/** A start a few minutes in the past is taken as now (the clock of the browser may lag). */
const START_SKEW_MS = 5 * 60_000;

function isOnSale(p: ProductRow, now: Date): boolean {
  return (
    p.status === 'active' &&
    p.visibleInDashboard &&
    p.validFrom.getTime() <= now.getTime() &&
    (p.validTo === null || p.validTo.getTime() > now.getTime())
  );
}

function resolveStart(input: PurchaseInput, now: Date): Date {
  if (input.startOption === 'now') return now;
  if (!input.startDate) throw badRequest(PRODUCT_MESSAGES.startDateRequired);
  const start = new Date(input.startDate);
  if (Number.isNaN(start.getTime())) throw badRequest(PRODUCT_MESSAGES.startDateInvalid);
  if (start.getTime() < now.getTime() - START_SKEW_MS) throw badRequest(PRODUCT_MESSAGES.startDateInPast);
  if (start.getTime() > addCalendarMonths(now, 12).getTime()) throw badRequest(PRODUCT_MESSAGES.startDateTooFar);
  return start.getTime() < now.getTime() ? now : start;
}

function parseSenderName(value: string | null | undefined): string {
  const parsed = customSenderNameSchema.safeParse(value ?? '');
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, 'invalid_sender_name');
  return parsed.data;
}

export async function purchaseProduct(db: Database, userId: string, input: PurchaseInput): Promise<PurchaseResponse> {
  const product = await findProduct(db, input.productId);
  if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
  if (!isPurchasableProductName(product.name)) throw badRequest(PRODUCT_MESSAGES.included(product.name), 'not_purchasable');
  if (!isOnSale(product, new Date())) throw badRequest(PRODUCT_MESSAGES.notAvailable, 'not_available');
  if (product.type !== 'per_unit' && input.quantity !== 1) throw badRequest(PRODUCT_MESSAGES.quantityOnlyPerUnit);
  const isCustomSender = featureOfProductName(product.name) === 'customSender';
  const senderName = isCustomSender ? parseSenderName(input.senderName) : null;
  const total = productPrice({
    netMicros: product.netSellPrice,
    taxRatePercent: product.sellTaxRate,
    type: product.type,
    quantity: input.quantity,
  });

  return db.transaction(async (tx) => {
    const now = await lockUser(tx, userId);
    if (!now) throw notFound('User not found');
    const start = resolveStart(input, now);

    let row;
    const periodic = product.type === 'monthly' || product.type === 'daily';
    const covering = periodic ? await findCoveringPeriod(tx, userId, product.id, start) : null;
    if (covering) {
      if (!covering.expiresAt) throw conflict(PRODUCT_MESSAGES.neverExpires, 'never_expires');
      [row] = await tx
        .update(userProducts)
        .set({
          expiresAt: periodEnd(product.type, covering.expiresAt),
          totalPrice: sql`${userProducts.totalPrice} + ${total}`,
          updatedAt: now,
        })
        .where(and(eq(userProducts.id, covering.id), eq(userProducts.userId, userId)))
        .returning();
    } else {
      if (isCustomSender && (await findOpenSenderRequest(tx, userId))) {
        throw conflict(PRODUCT_MESSAGES.senderRequestOpen, 'sender_request_open');
      }
      [row] = await tx
        .insert(userProducts)
        .values({
          userId,
          productId: product.id,
          quantity: input.quantity,
          status: isCustomSender ? 'pending' : 'active',
          active: true,
          purchasedAt: now,
          startsAt: start,
          expiresAt: periodEnd(product.type, start),
          totalPrice: total,
          customSenderName: senderName,
        })
        .returning();
    }
    if (!row) throw new AppError(500, 'purchase_failed', 'The purchase could not be recorded');

    const quantityText = input.quantity > 1 ? ` × ${input.quantity}` : '';
    const senderText = senderName ? ` (${senderName})` : '';
    const debit = await changeBalance(tx, {
      userId,
      amount: -total,
      type: 'product_purchase',
      description: `Purchase: ${product.name}${quantityText}${senderText}`,
      reference: row.id,
    });
    return {
      newCredit: microsToEuros(debit.balanceAfter),
      userProduct: toUserProductDto(row, product, now),
      message: isCustomSender ? PRODUCT_MESSAGES.senderSubmitted : PRODUCT_MESSAGES.purchased(product.name),
    };
  });
}

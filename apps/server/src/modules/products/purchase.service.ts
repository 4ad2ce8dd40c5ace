// Buying a product from the balance: the price (net + tax, × quantity for per-unit products), the
// period it covers, and the debit with its ledger entry, all in one database transaction.
//
// Buying a monthly or daily add-on that is already in force extends that same period by one more
// month or day from its current expiry (one row per service; total_price adds up; the ledger has
// each purchase). No day of an add-on is ever paid twice: a purchase "now" goes after every period
// it would run into (core `periodExtendedByPurchase`), and a chosen start date that falls in a
// period the customer already has is refused. A custom sender name waits for an admin as 'pending'.
import { and, eq, sql } from 'drizzle-orm';
import {
  PRODUCT_MESSAGES,
  addCalendarMonths,
  customSenderNameSchema,
  featureOfProductName,
  isPeriodic,
  isPurchasableProductName,
  microsToEuros,
  overlappingPeriod,
  periodEnd,
  periodExtendedByPurchase,
  productPrice,
  type PurchaseResponse,
} from '@kurir/core';
import type { Database, Tx } from '../../db/client';
import { userProducts } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { changeBalance } from '../billing/ledger';
import { findDeniedSenderRequest, findOpenSenderRequest } from './custom-sender.service';
import { toUserProductDto, type ProductRow } from './product-dto';
import { findProduct, listHeldPeriods, lockUser } from './products.repo';

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
    p.retiredAt === null &&
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

/**
 * For a monthly or daily add-on, the user's period this purchase extends from its expiry, or null
 * when it makes a period of its own from `start`; throws when that would pay for a day twice.
 * Called with the user's row locked, so the periods read cannot change before the write.
 *
 * A chosen start date inside a period the customer already has is refused rather than moved to
 * that period's end: they picked the date the service should begin, and charging for a period
 * that begins on another day than the one they chose would surprise them; "Start now" is the way
 * to add a period right after the one they have (the dialog says so and does not offer such days).
 */
async function periodToExtend(tx: Tx, userId: string, product: ProductRow, startOption: PurchaseInput['startOption'], start: Date, now: Date) {
  if (!isPeriodic(product.type)) return null;
  const held = await listHeldPeriods(tx, userId, product.id, now);
  if (startOption === 'now') {
    const last = periodExtendedByPurchase(product.type, held, now);
    if (last && !last.expiresAt) throw conflict(PRODUCT_MESSAGES.neverExpires, 'never_expires');
    return last && last.expiresAt ? { id: last.id, expiresAt: last.expiresAt } : null;
  }
  const clash = overlappingPeriod(held, start, periodEnd(product.type, start)!);
  if (clash && !clash.expiresAt) throw conflict(PRODUCT_MESSAGES.neverExpires, 'never_expires');
  if (clash && clash.expiresAt) {
    throw new AppError(409, 'period_overlaps', PRODUCT_MESSAGES.periodOverlaps(product.name), {
      periodStartsAt: clash.startsAt.toISOString(),
      periodExpiresAt: clash.expiresAt.toISOString(),
    });
  }
  return null;
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
    const extended = await periodToExtend(tx, userId, product, input.startOption, start, now);
    if (extended) {
      [row] = await tx
        .update(userProducts)
        .set({
          expiresAt: periodEnd(product.type, extended.expiresAt),
          totalPrice: sql`${userProducts.totalPrice} + ${total}`,
          updatedAt: now,
        })
        .where(and(eq(userProducts.id, extended.id), eq(userProducts.userId, userId)))
        .returning();
    } else {
      if (isCustomSender && (await findOpenSenderRequest(tx, userId))) {
        throw conflict(PRODUCT_MESSAGES.senderRequestOpen, 'sender_request_open');
      }
      // A denied name is re-registered free (spec §2 Products); paying €19.99 again would be a trap.
      if (isCustomSender && (await findDeniedSenderRequest(tx, userId))) {
        throw conflict(PRODUCT_MESSAGES.senderDeniedReregister, 'sender_denied_reregister');
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

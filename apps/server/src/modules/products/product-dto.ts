// Products and user products as the API returns them: the spec's snake_case, euros on the wire.
import {
  isPurchasableProductName,
  microsToEuros,
  withTax,
  type AvailableProduct,
  type UserProduct,
} from '@kurir/core';
import type { products, userProducts } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type UserProductRow = typeof userProducts.$inferSelect;

export function toAvailableProductDto(p: ProductRow): AvailableProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    icon_type: p.iconType,
    type: p.type,
    net_sell_price: microsToEuros(p.netSellPrice),
    sell_tax_rate: p.sellTaxRate,
    valid_to: p.validTo ? p.validTo.toISOString() : null,
    status: p.status,
    sellPriceWithTax: microsToEuros(withTax(p.netSellPrice, p.sellTaxRate)),
    purchasable: isPurchasableProductName(p.name),
  };
}

/**
 * The status a customer sees: whatever is stored, except that a product past its expiry, or
 * removed by an admin, is 'inactive' (features.ts stops unlocking it at the same moment).
 */
export function displayStatus(row: Pick<UserProductRow, 'status' | 'active' | 'expiresAt'>, now: Date): UserProduct['status'] {
  if (!row.active) return 'inactive';
  if (row.status === 'active' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'inactive';
  return row.status;
}

export function toUserProductDto(
  row: UserProductRow,
  product: Pick<ProductRow, 'name' | 'description' | 'iconType' | 'type'>,
  now = new Date(),
): UserProduct {
  const status = displayStatus(row, now);
  return {
    id: row.id,
    product_id: row.productId,
    product_name: product.name,
    product_description: product.description,
    product_icon: product.iconType,
    product_type: product.type,
    status,
    // In force: false once removed, or once its period is over.
    active: row.active && !(row.status === 'active' && status === 'inactive'),
    quantity: row.quantity,
    purchased_at: row.purchasedAt.toISOString(),
    starts_at: row.startsAt.toISOString(),
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    total_price: microsToEuros(row.totalPrice),
    custom_sender_name: row.customSenderName,
  };
}

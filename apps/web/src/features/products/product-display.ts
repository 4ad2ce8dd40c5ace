// How products read on screen (spec §4, §9): the price with tax, the billing type, the status badge
// and the days left. Prices are computed with the same core money functions the server charges with.
import {
  CUSTOM_SENDER_PRODUCT,
  SENDER_NAME_MAX,
  eurosToMicros,
  formatEuros as formatMicros,
  productPrice,
  type AvailableProduct,
  type Micros,
  type ProductType,
  type UserProduct,
} from '@kurir/core';

type Priced = Pick<AvailableProduct, 'net_sell_price' | 'sell_tax_rate'> & Partial<Pick<AvailableProduct, 'type'>>;

/** Net plus net × tax-rate percent, times the quantity (per-unit products), in micro-euros. */
export function productTotalMicros(product: Priced, quantity = 1): Micros {
  return productPrice({
    netMicros: eurosToMicros(product.net_sell_price),
    taxRatePercent: product.sell_tax_rate,
    // A price without its type (the price list's unit prices) is a per-unit price.
    type: product.type ?? 'per_unit',
    quantity,
  });
}

/** '€2.99': the displayed price, 2 decimals. */
export function formatProductPrice(product: Priced, quantity = 1): string {
  return formatMicros(productTotalMicros(product, quantity), 2);
}

/**
 * A per-message price such as 0.07991 € reads €0.08 at 2 decimals; beside it the exact unit price
 * ('€0.07991 per unit'), up to 6 decimals as prices are shown elsewhere. Null when 2 decimals are exact.
 */
export function exactUnitPrice(product: Pick<AvailableProduct, 'net_sell_price' | 'sell_tax_rate' | 'type'>): string | null {
  if (product.type !== 'per_unit') return null;
  const micros = productTotalMicros(product);
  if (micros % 10_000 === 0) return null;
  return `${formatMicros(micros, 6).replace(/0+$/, '')} per unit`;
}

const TYPE_LABELS: Record<ProductType, string> = { monthly: 'Monthly', daily: 'Daily', one_time: 'One-time', per_unit: 'Per unit' };
const PRICE_SUFFIX: Record<ProductType, string> = { monthly: '/ month', daily: '/ day', one_time: 'one-time', per_unit: 'per unit' };

export function productTypeLabel(type: string): string {
  return TYPE_LABELS[type as ProductType] ?? type;
}

export function priceSuffix(type: string): string {
  return PRICE_SUFFIX[type as ProductType] ?? '';
}

export function isCustomSenderProduct(name: string): boolean {
  return name === CUSTOM_SENDER_PRODUCT;
}

export type StatusBadge = { label: string; color: string };

const STATUS_BADGES: Record<string, StatusBadge> = {
  active: { label: 'Active', color: 'teal' },
  pending: { label: 'Pending', color: 'yellow' },
  waiting_mobile_provider: { label: 'Waiting Provider', color: 'orange' },
  denied: { label: 'Denied', color: 'red' },
  available: { label: 'Available', color: 'blue' },
  coming_soon: { label: 'Coming Soon', color: 'gray' },
  inactive: { label: 'Inactive', color: 'gray' },
};

/** The badge of a status: the spec's words, otherwise the raw status, or 'Unknown' when empty. */
export function statusBadge(status: string): StatusBadge {
  return STATUS_BADGES[status] ?? { label: status || 'Unknown', color: 'gray' };
}

/** A custom sender name still with the admins: shown as Processing, awaiting approval (spec §4). */
export function isAwaitingApproval(p: Pick<UserProduct, 'status' | 'active' | 'custom_sender_name'>): boolean {
  return p.status === 'pending' && p.active && p.custom_sender_name !== null;
}

export function userProductBadge(p: Pick<UserProduct, 'status' | 'active' | 'custom_sender_name'>): StatusBadge {
  return isAwaitingApproval(p) ? { label: 'Processing', color: 'yellow' } : statusBadge(p.status);
}

const DAY_MS = 24 * 3_600_000;

/** Whole days until `expiresAt`, counting a started day as a day; null when it never expires. */
export function daysLeft(expiresAt: string | null, now = new Date()): number | null {
  if (!expiresAt) return null;
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (Number.isNaN(ms)) return null;
  return Math.max(0, Math.ceil(ms / DAY_MS));
}

export function daysLeftText(days: number): string {
  if (days === 0) return 'Expires today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** What the sender name field lets through: upper case, letters and digits, at most 11 (spec §5). */
export function normaliseSenderNameInput(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, SENDER_NAME_MAX);
}

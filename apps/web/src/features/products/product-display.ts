// How products read on screen (spec §4, §9): the price with tax, the billing type, the status badge
// and the days left. Prices are computed with the same core money functions the server charges with.
import type { AvailableProduct, ProductType, UserProduct } from '@kurir/core/schemas/products';
import { CUSTOM_SENDER_PRODUCT, SENDER_NAME_MAX } from '@kurir/core/constants';
import { eurosToMicros, formatEuros as formatMicros, type Micros } from '@kurir/core/money';
import { isPeriodic, overlappingPeriod, periodEnd, periodExtendedByPurchase, type HeldPeriod } from '@kurir/core/periods';
import { productPrice } from '@kurir/core/pricing';
import { formatDate } from '../../lib/format';

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

/** Bought with a start date still ahead: its feature stays locked until then (the server's rule). */
export function isUpcoming(p: Pick<UserProduct, 'status' | 'active'> & { starts_at?: string }, now = new Date()): boolean {
  return p.status === 'active' && p.active && !!p.starts_at && new Date(p.starts_at).getTime() > now.getTime();
}

export function userProductBadge(p: Pick<UserProduct, 'status' | 'active' | 'custom_sender_name'> & { starts_at?: string }, now = new Date()): StatusBadge {
  if (isAwaitingApproval(p)) return { label: 'Processing', color: 'yellow' };
  if (isUpcoming(p, now)) return { label: 'Upcoming', color: 'blue' };
  return statusBadge(p.status);
}

/**
 * The one line on a service's timing: 'Starts on 21.12.2026' before its start, then the days left
 * ('12 days left', 'No expiry'); null for a service that is not running.
 */
export function serviceTimingText(p: Pick<UserProduct, 'status' | 'active' | 'starts_at' | 'expires_at'>, now = new Date()): string | null {
  if (isUpcoming(p, now)) return `Starts on ${formatDate(p.starts_at ?? null)}`;
  if (p.status !== 'active' || !p.active) return null;
  const days = daysLeft(p.expires_at, now);
  return days === null ? 'No expiry' : daysLeftText(days);
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

/**
 * The sender name field's own props. No `maxLength`: the browser would cut a pasted
 * 'my shop-2024 extra' to 11 characters before the spaces and hyphens are removed ('MYSHOP202');
 * the cut happens here, after them ('MYSHOP2024E').
 */
export function senderNameInputProps(setValue: (value: string) => void) {
  return {
    onChange: (event: { currentTarget: { value: string } }) => setValue(normaliseSenderNameInput(event.currentTarget.value)),
    autoComplete: 'off',
  };
}

/** What the sender name field lets through: upper case, letters and digits, at most 11 (spec §5). */
export function normaliseSenderNameInput(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, SENDER_NAME_MAX);
}

/**
 * The last line of the purchase summary: the balance after it, or, when the balance does not
 * cover the total, how much is missing (never a misleading '€0.00').
 */
export function balanceAfterPurchase(creditMicros: Micros, totalMicros: Micros): { label: string; value: string; short: boolean } {
  const after = creditMicros - totalMicros;
  if (after >= 0) return { label: 'Balance after purchase', value: formatMicros(after, 2), short: false };
  return { label: 'Missing to buy this', value: formatMicros(-after, 2), short: true };
}

export type PurchaseAction = { label: string; disabled: boolean };

type Owned = Pick<UserProduct, 'product_id' | 'status' | 'active' | 'custom_sender_name' | 'starts_at' | 'expires_at'>;

/** The customer's periods of a product that a new one must not overlap: the ones the server counts. */
function heldPeriodsOf(productId: string, owned: readonly Owned[]): HeldPeriod[] {
  return owned
    .filter((p) => p.product_id === productId && p.status === 'active' && p.active)
    .map((p) => ({ startsAt: new Date(p.starts_at), expiresAt: p.expires_at === null ? null : new Date(p.expires_at) }));
}

/**
 * What buying a monthly or daily product "now" gives (the server's rule, core
 * `periodExtendedByPurchase`): one more period after the one it extends (`extendsFrom`, its expiry),
 * or a new one from now (`extendsFrom` null); null for products without periods.
 */
export function nowPurchase(product: Pick<AvailableProduct, 'id' | 'type'>, owned: readonly Owned[], now = new Date()): { extendsFrom: Date | null; until: Date } | null {
  if (!isPeriodic(product.type)) return null;
  const extended = periodExtendedByPurchase(product.type, heldPeriodsOf(product.id, owned), now);
  // One that never ends is not extended (the server refuses the purchase and says why).
  if (!extended?.expiresAt) return { extendsFrom: null, until: periodEnd(product.type, now)! };
  return { extendsFrom: extended.expiresAt, until: periodEnd(product.type, extended.expiresAt)! };
}

/** Whether a period of the product starting at `start` would share days with one already bought (the server refuses it). */
export function overlapsOwnedPeriod(product: Pick<AvailableProduct, 'id' | 'type'>, owned: readonly Owned[], start: Date): boolean {
  if (!isPeriodic(product.type)) return false;
  return overlappingPeriod(heldPeriodsOf(product.id, owned), start, periodEnd(product.type, start)!) !== null;
}

/**
 * The catalogue button of a product for this customer. A custom sender name awaiting approval
 * cannot be bought twice, and a denied one is re-registered free in My Services, never bought
 * again (the server refuses that purchase too). 'Extend' only when buying now does extend a period
 * the customer has (a period bought to start much later is not extended: a new one starts now).
 */
export function purchaseActionFor(product: Pick<AvailableProduct, 'id' | 'name' | 'type'>, owned: readonly Owned[], now = new Date()): PurchaseAction {
  const mine = owned.filter((p) => p.product_id === product.id);
  if (isCustomSenderProduct(product.name)) {
    if (mine.some((p) => isAwaitingApproval(p) || p.status === 'waiting_mobile_provider')) return { label: 'Awaiting approval', disabled: true };
    if (mine.some((p) => p.status === 'denied' && p.active)) return { label: 'Re-register free in My Services', disabled: true };
  }
  if (nowPurchase(product, mine, now)?.extendsFrom) return { label: 'Extend', disabled: false };
  return { label: 'Purchase', disabled: false };
}

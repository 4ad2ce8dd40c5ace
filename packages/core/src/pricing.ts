// What a send and a product cost. The Send page, the quote and the send price with `priceSend`;
// the products page and the purchase with `productPrice`; so the price shown is the price charged.
import { CHANNELS, type Channel } from './constants';
import { assertMicros, eurosToMicros, multiplyMicros, withTax, type Micros } from './money';
import type { ProductType } from './schemas/products';
import { analyzeMessage, type SmsEncoding } from './sms';

/** Spec §9: the per-message prices, tax included, used while the price list is not loaded. */
export const FALLBACK_UNIT_PRICE_MICROS: Readonly<Record<Channel, Micros>> = Object.freeze({
  sms: eurosToMicros('0.07991'),
  viber: eurosToMicros('0.03'),
});

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of at least 0, got ${value}`);
  }
}

function assertPrice(value: number, what = 'Unit price'): void {
  assertMicros(value, what);
  if (value < 0) throw new RangeError(`${what} must not be negative, got ${value}`);
}

/** May be negative: the Send page shows it and disables Send (spec §5). */
export function remainingBalance(creditMicros: Micros, costMicros: Micros): Micros {
  assertMicros(creditMicros, 'Credit');
  assertMicros(costMicros, 'Cost');
  const remaining = creditMicros - costMicros;
  assertMicros(remaining, 'Remaining balance');
  return remaining;
}

export function canAfford(creditMicros: Micros, costMicros: Micros): boolean {
  return remainingBalance(creditMicros, costMicros) >= 0;
}

/** The per-message prices of the two channels, tax included. */
export type UnitPrices = Readonly<Record<Channel, Micros>>;

/** A send is priced from its text, or from parts already counted (the Send page counts as you type). */
export type SendPriceInput = {
  channel: Channel;
  recipients: number;
  unitPrices: UnitPrices;
} & ({ message: string } | { parts: number; encoding: SmsEncoding });

export interface SendPrice {
  channel: Channel;
  encoding: SmsEncoding;
  /** SMS parts of the text, for one recipient. */
  parts: number;
  recipients: number;
  /** The chosen channel's price of one message (one SMS part, or one Viber message). */
  unitPrice: Micros;
  perRecipient: {
    /** What one recipient's message costs when the chosen channel delivers it. */
    cost: Micros;
    /** What it costs as SMS: parts × SMS price (Viber's fallback). */
    smsCost: Micros;
    /** What is held for it at send: the most it can cost. */
    hold: Micros;
  };
  /** SMS: recipients × parts × SMS price. Viber: recipients × Viber price (spec §9). */
  cost: Micros;
  /** What every message would cost as SMS (for Viber: if every one fell back). */
  smsFallbackCost: Micros;
  /**
   * Debited at send. Viber is charged the Viber price when Viber delivers, else its SMS fallback's
   * price, so the larger of the two is held per recipient and the difference refunded once the
   * channel is known.
   */
  hold: Micros;
}

function partsAndEncoding(input: SendPriceInput): { parts: number; encoding: SmsEncoding } {
  if ('message' in input) {
    const { parts, encoding } = analyzeMessage(input.message);
    return { parts, encoding };
  }
  return { parts: input.parts, encoding: input.encoding };
}

/**
 * The one price of a send, used by the Send page, the quote and the send itself. An empty text
 * is 0 parts: nothing as SMS, the Viber price on Viber.
 */
export function priceSend(input: SendPriceInput): SendPrice {
  const { channel, recipients, unitPrices } = input;
  const { parts, encoding } = partsAndEncoding(input);
  assertCount(recipients, 'Recipients');
  assertCount(parts, 'Parts');
  for (const c of CHANNELS) assertPrice(unitPrices[c]);
  const smsCost = multiplyMicros(unitPrices.sms, parts);
  const cost = channel === 'sms' ? smsCost : unitPrices.viber;
  const hold = channel === 'sms' ? smsCost : Math.max(smsCost, unitPrices.viber);
  return {
    channel,
    encoding,
    parts,
    recipients,
    unitPrice: unitPrices[channel],
    perRecipient: { cost, smsCost, hold },
    cost: multiplyMicros(cost, recipients),
    smsFallbackCost: multiplyMicros(smsCost, recipients),
    hold: multiplyMicros(hold, recipients),
  };
}

export interface ProductPriceInput {
  netMicros: Micros;
  taxRatePercent: number;
  type: ProductType;
  quantity: number;
}

/** Net + tax, times the quantity for a per-unit product; other products are bought one at a time. */
export function productPrice(input: ProductPriceInput): Micros {
  const quantity = input.type === 'per_unit' ? input.quantity : 1;
  assertCount(quantity, 'Quantity');
  assertPrice(input.netMicros, 'Net price');
  return multiplyMicros(withTax(input.netMicros, input.taxRatePercent), quantity);
}

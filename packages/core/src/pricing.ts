// What a send costs. The Send page quotes with these functions and the server debits with them,
// so the price shown before Send is the price charged.
import type { Channel } from './constants';
import { assertMicros, eurosToMicros, multiplyMicros, type Micros } from './money';

/** Spec §9: the per-message prices, tax included, used while the price list is not loaded. */
export const FALLBACK_UNIT_PRICE_MICROS: Readonly<Record<Channel, Micros>> = Object.freeze({
  sms: eurosToMicros('0.07991'),
  viber: eurosToMicros('0.03'),
});

interface QuoteBase {
  recipients: number;
  unitPriceMicros: Micros;
}

/** A Viber message is one billable message whatever its length, so parts are optional there. */
export type CostQuoteInput =
  | (QuoteBase & { channel: 'sms'; parts: number })
  | (QuoteBase & { channel: 'viber'; parts?: number });

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of at least 0, got ${value}`);
  }
}

/** SMS: recipients × parts × price. Viber: recipients × price (spec §9). */
export function quoteCost(input: CostQuoteInput): Micros {
  assertCount(input.recipients, 'Recipients');
  assertMicros(input.unitPriceMicros, 'Unit price');
  if (input.unitPriceMicros < 0) {
    throw new RangeError(`Unit price must not be negative, got ${input.unitPriceMicros}`);
  }
  const messagesPerRecipient = input.channel === 'sms' ? input.parts : 1;
  assertCount(messagesPerRecipient, 'Parts');
  return multiplyMicros(multiplyMicros(input.unitPriceMicros, messagesPerRecipient), input.recipients);
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

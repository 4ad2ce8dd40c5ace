// The Send page's rules as plain functions (spec §5, §9), built on the core rules the server
// charges with, so that what the page shows and allows is what the server will do.
import {
  FALLBACK_UNIT_PRICE_MICROS,
  MESSAGE_MAX_LENGTH,
  SEND_MESSAGES,
  eurosToMicros,
  parseRecipients,
  priceSend,
  recipientsError,
  remainingBalance,
  splitRecipientText,
  type Channel,
  type Micros,
  type ParsedRecipients,
  type UnitPrices as CoreUnitPrices,
} from '@kurir/core';

export type RecipientMode = 'individual' | 'bulk' | 'phonebook';

/** The server knows the real cap and says so; the page does not guess it. */
const NO_CLIENT_CAP = Number.MAX_SAFE_INTEGER;

/** What the user typed in the chosen mode, as raw entries (blanks are dropped by the parser). */
export function typedEntries(mode: RecipientMode, rows: readonly string[], bulkText: string): string[] {
  if (mode === 'individual') return [...rows];
  if (mode === 'bulk') return splitRecipientText(bulkText);
  return [];
}

export function parseTyped(entries: readonly string[]): ParsedRecipients {
  return parseRecipients(entries);
}

/** The spec's recipient message, or null when the recipients are fine. */
export function recipientsProblem(parsed: ParsedRecipients): string | null {
  return recipientsError(parsed, NO_CLIENT_CAP);
}

export function messageProblem(message: string): string | null {
  if (message.trim() === '') return SEND_MESSAGES.messageRequired;
  if (message.length > MESSAGE_MAX_LENGTH) return SEND_MESSAGES.messageTooLong;
  return null;
}

/** A time in the future (the server also caps how far ahead; it says so if crossed). */
export function scheduleProblem(schedule: boolean, scheduledFor: Date | null, now: Date): string | null {
  if (!schedule) return null;
  if (!scheduledFor) return SEND_MESSAGES.scheduleTimeRequired;
  if (scheduledFor.getTime() <= now.getTime()) return SEND_MESSAGES.scheduleTimeInPast;
  return null;
}

export type UnitPrices = CoreUnitPrices;

/** Loaded prices where known, else the spec's fallback prices. */
export function unitPricesFrom(sms: number | undefined, viber: number | undefined): UnitPrices {
  return {
    sms: sms === undefined ? FALLBACK_UNIT_PRICE_MICROS.sms : eurosToMicros(sms),
    viber: viber === undefined ? FALLBACK_UNIT_PRICE_MICROS.viber : eurosToMicros(viber),
  };
}

export interface Quote {
  /** recipients × parts × SMS price, or recipients × Viber price (spec §9). */
  cost: Micros;
  /** What the server debits at send: for Viber the SMS fallback is held until delivery. */
  held: Micros;
  /** Viber only: what the messages would cost if every one fell back to SMS. */
  smsFallbackCost: Micros;
  /** Credit minus what is held; negative disables Send. */
  remaining: Micros;
}

export function quoteSend(input: {
  channel: Channel;
  recipients: number;
  parts: number;
  prices: UnitPrices;
  creditEuros: number;
}): Quote {
  const { channel, recipients, parts, prices } = input;
  // The encoding does not change the price once the parts are counted.
  const price = priceSend({ channel, recipients, parts, encoding: 'gsm', unitPrices: prices });
  return {
    cost: price.cost,
    held: price.hold,
    smsFallbackCost: price.smsFallbackCost,
    remaining: remainingBalance(eurosToMicros(input.creditEuros), price.hold),
  };
}

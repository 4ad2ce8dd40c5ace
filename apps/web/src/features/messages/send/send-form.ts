// The Send page's rules as plain functions (spec §5, §9), built on the core rules the server
// charges with, so that what the page shows and allows is what the server will do.
import { FALLBACK_UNIT_PRICE_MICROS, priceSend, remainingBalance } from '@kurir/core/pricing';
import { MESSAGE_MAX_LENGTH, type Channel } from '@kurir/core/constants';
import { SEND_MESSAGES, parseRecipients, recipientsError, splitRecipientText, type ParsedRecipients } from '@kurir/core/send-rules';
import { eurosToMicros, type Micros } from '@kurir/core/money';

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

/** core's isPossibleNumber (libphonenumber's lengths per country), which the page loads on demand. */
export type PossibleNumberCheck = (phone: string) => boolean;

/**
 * Numbers that pass the spec's pattern but cannot exist: '12345' becomes '+12345', which the
 * pattern lets through and which would be charged.
 */
export function implausibleRecipients(recipients: readonly string[], isPossible: PossibleNumberCheck): string[] {
  return recipients.filter((r) => !isPossible(r));
}

export function implausibleProblem(numbers: readonly string[]): string | null {
  if (numbers.length === 0) return null;
  const shown = numbers.slice(0, 3).join(', ') + (numbers.length > 3 ? ` and ${numbers.length - 3} more` : '');
  return numbers.length === 1
    ? `${shown} does not look like a real phone number. Check the country code and the length.`
    : `${numbers.length} numbers do not look like real phone numbers: ${shown}. Check the country codes and lengths.`;
}

/** The spec's recipient message, then the implausible-number warning, or null when all is fine. */
export function recipientsProblem(parsed: ParsedRecipients, isPossible: PossibleNumberCheck): string | null {
  return recipientsError(parsed, NO_CLIENT_CAP) ?? implausibleProblem(implausibleRecipients(parsed.recipients, isPossible));
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

export type UnitPrices = Record<Channel, Micros>;

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

/**
 * The Viber lines of the cost summary, in the order money moves: what is taken from the balance
 * now (the SMS-fallback price, so any message may fall back), what Viber delivery costs, and what
 * comes back after delivery. Affordability is judged on what is taken now.
 */
export function viberCostLines(quote: Quote): { label: string; micros: number }[] {
  const refunded = Math.max(0, quote.held - quote.cost);
  return [
    { label: 'Held now (SMS fallback price)', micros: quote.held },
    { label: 'Charged if delivered on Viber', micros: quote.cost },
    { label: 'Refunded after Viber delivery', micros: refunded },
  ];
}

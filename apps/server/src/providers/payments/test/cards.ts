// The test card numbers the built-in card form accepts, as Stripe's test mode treats them:
// 4242 4242 4242 4242 succeeds and 4000 0000 0000 0002 is declined. Any other number is refused,
// so nobody mistakes the test form for a real payment. Card details are checked, never stored.
import { PAYMENT_MESSAGES } from '@kurir/core';

export const SUCCEEDING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export type TestCardResult =
  | { outcome: 'succeeded' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'invalid'; message: string };

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY, MM / YY or MM/YYYY; valid through the last day of that month. */
function checkExpiry(expiry: string, now: Date): string | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return PAYMENT_MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return PAYMENT_MESSAGES.expiryIncomplete;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? PAYMENT_MESSAGES.expiryInPast : null;
}

export function checkTestCard(card: TestCard, now = new Date()): TestCardResult {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { outcome: 'invalid', message: PAYMENT_MESSAGES.cardNumberIncorrect };
  }
  const expiryProblem = checkExpiry(card.expiry, now);
  if (expiryProblem) return { outcome: 'invalid', message: expiryProblem };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { outcome: 'invalid', message: PAYMENT_MESSAGES.cvcIncomplete };
  if (digits === SUCCEEDING_CARD) return { outcome: 'succeeded' };
  if (digits === DECLINED_CARD) return { outcome: 'declined', message: PAYMENT_MESSAGES.declined };
  return { outcome: 'invalid', message: PAYMENT_MESSAGES.cardNumberNotTest };
}

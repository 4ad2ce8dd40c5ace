import { describe, expect, it } from 'vitest';
import { FALLBACK_UNIT_PRICE_MICROS } from '@kurir/core/pricing';
import { SEND_MESSAGES } from '@kurir/core/schemas/messages';
import { messageProblem, parseTyped, quoteSend, recipientsProblem, scheduleProblem, typedEntries, unitPricesFrom, viberCostLines } from './send-form';
import { isPossibleNumber } from '@kurir/core/phone-possible';

describe('recipients on the Send page', () => {
  it('splits bulk input on new lines and commas and drops blanks', () => {
    const entries = typedEntries('bulk', [], '+38640111222,\n\n 38640111333 ,+38640111444\n');
    expect(parseTyped(entries).recipients).toEqual(['+38640111222', '+38640111333', '+38640111444']);
  });

  it('drops blank individual rows and sends a repeated number once', () => {
    const parsed = parseTyped(typedEntries('individual', ['+386 40 111 222', '', '0038640111222'], ''));
    expect(parsed.recipients).toEqual(['+38640111222']);
    expect(parsed.duplicates).toBe(1);
  });

  it('gives the spec messages for none, one bad and several bad numbers', () => {
    expect(recipientsProblem(parseTyped(['', ' ']), isPossibleNumber)).toBe('Recipient is required');
    expect(recipientsProblem(parseTyped(['+38640111222', '0123']), isPossibleNumber)).toBe(
      'Invalid phone number format: +0123. Phone number must include country code (e.g., +386123456789)',
    );
    expect(recipientsProblem(parseTyped(['+0', 'abc1', '+38640111222']), isPossibleNumber)).toBe(
      '2 phone numbers are missing country codes. All numbers must start with + and include country code.',
    );
  });
});

describe('message and schedule checks', () => {
  it('requires a message of at most 1000 characters', () => {
    expect(messageProblem('  ')).toBe('Message is required');
    expect(messageProblem('x'.repeat(1001))).toBe('Message is too long');
    expect(messageProblem('x'.repeat(1000))).toBeNull();
  });

  it('needs a future time only when scheduling', () => {
    const now = new Date('2030-01-01T10:00:00Z');
    expect(scheduleProblem(false, null, now)).toBeNull();
    expect(scheduleProblem(true, null, now)).toBe(SEND_MESSAGES.scheduleTimeRequired);
    expect(scheduleProblem(true, new Date('2030-01-01T09:59:00Z'), now)).toBe(SEND_MESSAGES.scheduleTimeInPast);
    expect(scheduleProblem(true, new Date('2030-01-01T10:05:00Z'), now)).toBeNull();
  });
});

describe('the cost summary', () => {
  const fallback = unitPricesFrom(undefined, undefined);

  it('uses the spec fallback prices until the price list loads', () => {
    expect(fallback).toEqual(FALLBACK_UNIT_PRICE_MICROS);
    expect(unitPricesFrom(0.05, 0.02)).toEqual({ sms: 50_000, viber: 20_000 });
  });

  it('charges SMS per recipient and part', () => {
    const quote = quoteSend({ channel: 'sms', recipients: 3, parts: 2, prices: fallback, creditEuros: 2 });
    expect(quote.cost).toBe(479_460); // 3 × 2 × 0.07991 €
    expect(quote.held).toBe(quote.cost);
    expect(quote.remaining).toBe(2_000_000 - 479_460);
  });

  it('charges Viber per recipient and holds the SMS fallback until delivery', () => {
    const quote = quoteSend({ channel: 'viber', recipients: 10, parts: 1, prices: fallback, creditEuros: 1 });
    expect(quote.cost).toBe(300_000);
    expect(quote.smsFallbackCost).toBe(799_100);
    expect(quote.held).toBe(799_100);
    expect(quote.remaining).toBe(200_900);
  });

  it('goes negative when the credit does not cover the send', () => {
    expect(quoteSend({ channel: 'sms', recipients: 30, parts: 1, prices: fallback, creditEuros: 2 }).remaining).toBeLessThan(0);
  });
});

describe('the Viber cost summary (defect 3)', () => {
  it('shows the hold taken now, the Viber charge and the refunded difference; the balance after is credit minus the hold', () => {
    const prices = unitPricesFrom(0.07991, 0.03);
    const quote = quoteSend({ channel: 'viber', recipients: 10, parts: 1, prices, creditEuros: 1 });
    expect(viberCostLines(quote)).toEqual([
      { label: 'Held now (SMS fallback price)', micros: 799_100 },
      { label: 'Charged if delivered on Viber', micros: 300_000 },
      { label: 'Refunded after Viber delivery', micros: 499_100 },
    ]);
    expect(quote.remaining).toBe(1_000_000 - 799_100);
  });
});

describe('implausible numbers in a bulk list', () => {
  it("warns about '12345' (+12345 passes the pattern but cannot exist) before it is priced", () => {
    const parsed = parseTyped(['+38640111222', '12345']);
    expect(parsed.recipients).toContain('+12345');
    expect(recipientsProblem(parsed, isPossibleNumber)).toBe('+12345 does not look like a real phone number. Check the country code and the length.');
    expect(recipientsProblem(parseTyped(['+38640111222']), isPossibleNumber)).toBeNull();
  });
});

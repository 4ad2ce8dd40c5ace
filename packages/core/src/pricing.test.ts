import { describe, expect, it } from 'vitest';
import { formatEuros } from './money';
import { canAfford, FALLBACK_UNIT_PRICE_MICROS, quoteCost, remainingBalance, type CostQuoteInput } from './pricing';
import { analyzeMessage } from './sms';

const SMS = FALLBACK_UNIT_PRICE_MICROS.sms;
const VIBER = FALLBACK_UNIT_PRICE_MICROS.viber;

describe('fallback prices (spec §9, tax included)', () => {
  it('are 0.07991 € for SMS and 0.03 € for Viber', () => {
    expect(FALLBACK_UNIT_PRICE_MICROS).toEqual({ sms: 79_910, viber: 30_000 });
    expect(formatEuros(SMS, 6)).toBe('€0.079910');
    expect(formatEuros(VIBER, 6)).toBe('€0.030000');
  });
});

describe('quoteCost', () => {
  it.each<[string, CostQuoteInput, number]>([
    ['1 SMS part to 1 recipient', { channel: 'sms', recipients: 1, parts: 1, unitPriceMicros: SMS }, 79_910],
    ['2 SMS parts to 3 recipients', { channel: 'sms', recipients: 3, parts: 2, unitPriceMicros: SMS }, 479_460],
    ['7 SMS parts to 1000 recipients', { channel: 'sms', recipients: 1000, parts: 7, unitPriceMicros: SMS }, 559_370_000],
    ['no recipients', { channel: 'sms', recipients: 0, parts: 3, unitPriceMicros: SMS }, 0],
    ['an empty SMS (0 parts)', { channel: 'sms', recipients: 5, parts: 0, unitPriceMicros: SMS }, 0],
    ['Viber ignores parts', { channel: 'viber', recipients: 3, parts: 5, unitPriceMicros: VIBER }, 90_000],
    ['Viber without parts', { channel: 'viber', recipients: 7_500, unitPriceMicros: VIBER }, 225_000_000],
    ['a free price', { channel: 'sms', recipients: 10, parts: 2, unitPriceMicros: 0 }, 0],
  ])('%s', (_name, input, expected) => {
    expect(quoteCost(input)).toBe(expected);
  });

  it('charges what the segment count says: 135 Unicode characters are 3 parts', () => {
    const { parts } = analyzeMessage('č'.repeat(135));
    const cost = quoteCost({ channel: 'sms', recipients: 2, parts, unitPriceMicros: SMS });
    expect(cost).toBe(479_460);
    expect(formatEuros(cost, 6)).toBe('€0.479460');
  });

  it.each<[string, CostQuoteInput]>([
    ['negative recipients', { channel: 'sms', recipients: -1, parts: 1, unitPriceMicros: SMS }],
    ['fractional recipients', { channel: 'viber', recipients: 1.5, unitPriceMicros: VIBER }],
    ['NaN recipients', { channel: 'viber', recipients: Number.NaN, unitPriceMicros: VIBER }],
    ['negative parts', { channel: 'sms', recipients: 1, parts: -1, unitPriceMicros: SMS }],
    ['fractional parts', { channel: 'sms', recipients: 1, parts: 1.5, unitPriceMicros: SMS }],
    ['a negative price', { channel: 'sms', recipients: 1, parts: 1, unitPriceMicros: -1 }],
    ['a price in fractions of a micro-euro', { channel: 'sms', recipients: 1, parts: 1, unitPriceMicros: 0.5 }],
    ['a total past the safe range', { channel: 'sms', recipients: 2 ** 40, parts: 7, unitPriceMicros: SMS }],
  ])('refuses %s', (_name, input) => {
    expect(() => quoteCost(input)).toThrow(RangeError);
  });
});

describe('remainingBalance and canAfford', () => {
  it.each<[number, number, number, string, boolean]>([
    [2_000_000, 79_910, 1_920_090, '€1.92', true],
    [2_000_000, 2_000_000, 0, '€0.00', true],
    [50_000, 79_910, -29_910, '-€0.03', false],
    [0, 0, 0, '€0.00', true],
  ])('%i credit − %i cost = %i (%s), affordable: %s', (credit, cost, remaining, shown, affordable) => {
    expect(remainingBalance(credit, cost)).toBe(remaining);
    expect(formatEuros(remainingBalance(credit, cost))).toBe(shown);
    expect(canAfford(credit, cost)).toBe(affordable);
  });

  it('refuses amounts that are not whole micro-euros', () => {
    expect(() => remainingBalance(1.5, 0)).toThrow(RangeError);
    expect(() => remainingBalance(0, Number.NaN)).toThrow(RangeError);
  });
});

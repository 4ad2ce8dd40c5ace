// The price of a send and of a product at every boundary where it changes (in the style of
// documenso's quota-usage tests: one table per rule, one row per edge).
import { describe, expect, it } from 'vitest';
import { formatEuros } from './money';
import {
  FALLBACK_UNIT_PRICE_MICROS,
  canAfford,
  priceSend,
  productPrice,
  remainingBalance,
  type ProductPriceInput,
  type SendPriceInput,
  type UnitPrices,
} from './pricing';
import type { SmsEncoding } from './sms';

const SMS = FALLBACK_UNIT_PRICE_MICROS.sms;
const VIBER = FALLBACK_UNIT_PRICE_MICROS.viber;
const PRICES: UnitPrices = FALLBACK_UNIT_PRICE_MICROS;

describe('fallback prices (spec §9, tax included)', () => {
  it('are 0.07991 € for SMS and 0.03 € for Viber', () => {
    expect(FALLBACK_UNIT_PRICE_MICROS).toEqual({ sms: 79_910, viber: 30_000 });
    expect(formatEuros(SMS, 6)).toBe('€0.079910');
    expect(formatEuros(VIBER, 6)).toBe('€0.030000');
  });
});

const a = (n: number) => 'a'.repeat(n);
const c = (n: number) => 'č'.repeat(n);
const EMOJI = '😀'; // one code point, two UTF-16 units

describe('priceSend: parts and encoding of the text, one SMS recipient', () => {
  it.each<[string, string, SmsEncoding, number]>([
    ['empty text', '', 'gsm', 0],
    ['1 GSM character', a(1), 'gsm', 1],
    ['160 GSM characters: the single-part limit', a(160), 'gsm', 1],
    ['161 GSM characters: two parts of 153', a(161), 'gsm', 2],
    ['153 × 2 GSM characters', a(306), 'gsm', 2],
    ['153 × 2 + 1 GSM characters', a(307), 'gsm', 3],
    ['153 × 3 GSM characters', a(459), 'gsm', 3],
    ['153 × 3 + 1 GSM characters', a(460), 'gsm', 4],
    ['1000 GSM characters (the longest message)', a(1000), 'gsm', 7],
    ['158 + € (2 septets) = 160 septets', `${a(158)}€`, 'gsm', 1],
    ['159 + € = 161 septets', `${a(159)}€`, 'gsm', 2],
    ['€ ending part 1 exactly: 151 + € + 153 = 306 septets', `${a(151)}€${a(153)}`, 'gsm', 2],
    ['€ across the part edge: 152 + € + 152 = 306 septets, € moves to part 2', `${a(152)}€${a(152)}`, 'gsm', 3],
    ['70 UCS-2 characters: the single-part limit', c(70), 'unicode', 1],
    ['71 UCS-2 characters', c(71), 'unicode', 2],
    ['67 × 2 UCS-2 characters', c(134), 'unicode', 2],
    ['67 × 2 + 1 UCS-2 characters', c(135), 'unicode', 3],
    ['one č makes 160 GSM characters UCS-2', `${a(159)}č`, 'unicode', 3],
    ['35 emoji = 70 units', EMOJI.repeat(35), 'unicode', 1],
    ['69 č + emoji = 71 units', `${c(69)}${EMOJI}`, 'unicode', 2],
    ['emoji ending part 1 exactly: 65 č + emoji + 67 č = 134 units', `${c(65)}${EMOJI}${c(67)}`, 'unicode', 2],
    ['emoji across the part edge: 66 č + emoji + 66 č = 134 units, never split', `${c(66)}${EMOJI}${c(66)}`, 'unicode', 3],
  ])('%s', (_name, message, encoding, parts) => {
    const price = priceSend({ channel: 'sms', recipients: 1, message, unitPrices: PRICES });
    expect(price.encoding).toBe(encoding);
    expect(price.parts).toBe(parts);
    expect(price.cost).toBe(parts * SMS);
    expect(price.hold).toBe(price.cost);
  });
});

type Row = [string, SendPriceInput, { cost: number; hold: number; perRecipientHold: number; smsFallbackCost: number }];
const CHEAP_SMS: UnitPrices = { sms: 10_000, viber: 25_000 };

describe('priceSend: cost and hold', () => {
  it.each<Row>([
    ['SMS, 1 part, 1 recipient', { channel: 'sms', recipients: 1, parts: 1, encoding: 'gsm', unitPrices: PRICES }, { cost: 79_910, hold: 79_910, perRecipientHold: 79_910, smsFallbackCost: 79_910 }],
    ['SMS, 2 parts, 3 recipients', { channel: 'sms', recipients: 3, parts: 2, encoding: 'gsm', unitPrices: PRICES }, { cost: 479_460, hold: 479_460, perRecipientHold: 159_820, smsFallbackCost: 479_460 }],
    ['SMS, 7 parts, 1000 recipients', { channel: 'sms', recipients: 1000, parts: 7, encoding: 'gsm', unitPrices: PRICES }, { cost: 559_370_000, hold: 559_370_000, perRecipientHold: 559_370, smsFallbackCost: 559_370_000 }],
    ['SMS, 0 recipients', { channel: 'sms', recipients: 0, parts: 3, encoding: 'gsm', unitPrices: PRICES }, { cost: 0, hold: 0, perRecipientHold: 239_730, smsFallbackCost: 0 }],
    ['Viber, 0 recipients', { channel: 'viber', recipients: 0, parts: 3, encoding: 'gsm', unitPrices: PRICES }, { cost: 0, hold: 0, perRecipientHold: 239_730, smsFallbackCost: 0 }],
    ['Viber, empty text: the Viber price is held', { channel: 'viber', recipients: 2, message: '', unitPrices: PRICES }, { cost: 60_000, hold: 60_000, perRecipientHold: 30_000, smsFallbackCost: 0 }],
    ['Viber, 1 part: the SMS fallback (0.07991) is held, not Viber (0.03)', { channel: 'viber', recipients: 10, parts: 1, encoding: 'gsm', unitPrices: PRICES }, { cost: 300_000, hold: 799_100, perRecipientHold: 79_910, smsFallbackCost: 799_100 }],
    ['Viber dearer than SMS, 1 part: Viber is held', { channel: 'viber', recipients: 4, parts: 1, encoding: 'gsm', unitPrices: CHEAP_SMS }, { cost: 100_000, hold: 100_000, perRecipientHold: 25_000, smsFallbackCost: 40_000 }],
    ['Viber dearer than SMS, 2 parts (20 000 < 25 000): Viber is held', { channel: 'viber', recipients: 4, parts: 2, encoding: 'gsm', unitPrices: CHEAP_SMS }, { cost: 100_000, hold: 100_000, perRecipientHold: 25_000, smsFallbackCost: 80_000 }],
    ['the crossover, 3 parts (30 000 > 25 000): the SMS fallback is held', { channel: 'viber', recipients: 4, parts: 3, encoding: 'gsm', unitPrices: CHEAP_SMS }, { cost: 100_000, hold: 120_000, perRecipientHold: 30_000, smsFallbackCost: 120_000 }],
    ['exactly equal (2 × 10 000 = 20 000): nothing extra held', { channel: 'viber', recipients: 4, parts: 2, encoding: 'gsm', unitPrices: { sms: 10_000, viber: 20_000 } }, { cost: 80_000, hold: 80_000, perRecipientHold: 20_000, smsFallbackCost: 80_000 }],
    ['free prices', { channel: 'sms', recipients: 10, parts: 2, encoding: 'gsm', unitPrices: { sms: 0, viber: 0 } }, { cost: 0, hold: 0, perRecipientHold: 0, smsFallbackCost: 0 }],
  ])('%s', (_name, input, expected) => {
    const price = priceSend(input);
    expect({ cost: price.cost, hold: price.hold, perRecipientHold: price.perRecipient.hold, smsFallbackCost: price.smsFallbackCost }).toEqual(expected);
    expect(price.unitPrice).toBe(input.unitPrices[input.channel]);
    expect(price.cost).toBe(price.perRecipient.cost * input.recipients);
    expect(price.hold).toBeGreaterThanOrEqual(price.cost);
  });

  it('charges what the segment count says: 135 Unicode characters to 2 recipients are 3 parts each', () => {
    const price = priceSend({ channel: 'sms', recipients: 2, message: c(135), unitPrices: PRICES });
    expect(price.parts).toBe(3);
    expect(formatEuros(price.cost, 6)).toBe('€0.479460');
  });

  it.each<[string, SendPriceInput]>([
    ['negative recipients', { channel: 'sms', recipients: -1, parts: 1, encoding: 'gsm', unitPrices: PRICES }],
    ['fractional recipients', { channel: 'viber', recipients: 1.5, message: 'x', unitPrices: PRICES }],
    ['NaN recipients', { channel: 'viber', recipients: Number.NaN, message: 'x', unitPrices: PRICES }],
    ['negative parts', { channel: 'sms', recipients: 1, parts: -1, encoding: 'gsm', unitPrices: PRICES }],
    ['fractional parts', { channel: 'sms', recipients: 1, parts: 1.5, encoding: 'gsm', unitPrices: PRICES }],
    ['a negative SMS price', { channel: 'viber', recipients: 1, parts: 1, encoding: 'gsm', unitPrices: { sms: -1, viber: VIBER } }],
    ['a price in fractions of a micro-euro', { channel: 'sms', recipients: 1, parts: 1, encoding: 'gsm', unitPrices: { sms: 0.5, viber: VIBER } }],
    ['a total past the safe range', { channel: 'sms', recipients: 2 ** 40, parts: 7, encoding: 'gsm', unitPrices: PRICES }],
  ])('refuses %s', (_name, input) => {
    expect(() => priceSend(input)).toThrow(RangeError);
  });
});

describe('productPrice', () => {
  const net = 2_450_820; // 2.45082 € net, 22 % tax → 2.99 €
  it.each<[string, ProductPriceInput, number]>([
    ['a monthly product', { netMicros: net, taxRatePercent: 22, type: 'monthly', quantity: 1 }, 2_990_000],
    ['a per-unit product, quantity 1', { netMicros: 65_500, taxRatePercent: 22, type: 'per_unit', quantity: 1 }, 79_910],
    ['a per-unit product, quantity 1000', { netMicros: 65_500, taxRatePercent: 22, type: 'per_unit', quantity: 1000 }, 79_910_000],
    ['a per-unit product, quantity 0', { netMicros: 65_500, taxRatePercent: 22, type: 'per_unit', quantity: 0 }, 0],
    ['a daily product ignores the quantity', { netMicros: 1_000_000, taxRatePercent: 9.5, type: 'daily', quantity: 5 }, 1_095_000],
    ['a one-time product ignores the quantity', { netMicros: 10_000_000, taxRatePercent: 0, type: 'one_time', quantity: 3 }, 10_000_000],
    ['tax rounds half-up to the micro-euro', { netMicros: 5, taxRatePercent: 10, type: 'one_time', quantity: 1 }, 6],
  ])('%s', (_name, input, expected) => {
    expect(productPrice(input)).toBe(expected);
  });

  it.each<[string, ProductPriceInput]>([
    ['a negative quantity', { netMicros: 1, taxRatePercent: 0, type: 'per_unit', quantity: -1 }],
    ['a fractional quantity', { netMicros: 1, taxRatePercent: 0, type: 'per_unit', quantity: 1.5 }],
    ['a negative net price', { netMicros: -1, taxRatePercent: 0, type: 'monthly', quantity: 1 }],
    ['a negative tax rate', { netMicros: 1, taxRatePercent: -1, type: 'monthly', quantity: 1 }],
  ])('refuses %s', (_name, input) => {
    expect(() => productPrice(input)).toThrow(RangeError);
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

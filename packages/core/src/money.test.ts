import { describe, expect, it } from 'vitest';
import { eurosToMicros, formatEuros, isMicros, microsToEuros, multiplyMicros, withTax } from './money';

describe('eurosToMicros', () => {
  it.each<[number | string, number]>([
    [0, 0],
    [2, 2_000_000],
    ['2', 2_000_000],
    [0.07991, 79_910],
    ['0.07991', 79_910],
    [0.0655, 65_500],
    [0.03, 30_000],
    [0.000001, 1],
    ['0.000001', 1],
    [123456789.123456, 123_456_789_123_456],
    ['9007199254.740991', Number.MAX_SAFE_INTEGER],
    ['-9007199254.740991', -Number.MAX_SAFE_INTEGER],
    [-1.5, -1_500_000],
    ['  20.5  ', 20_500_000],
    ['+3', 3_000_000],
    ['.5', 500_000],
    ['5.', 5_000_000],
    ['1e-6', 1],
    ['1.5E3', 1_500_000_000],
    [0.1 + 0.2, 300_000], // prints as 0.30000000000000004: the 7th decimal rounds away
  ])('%j € is %i micro-euros', (euros, micros) => {
    expect(eurosToMicros(euros)).toBe(micros);
  });

  it.each<[number | string, number]>([
    ['0.0000005', 1],
    [5e-7, 1],
    ['0.00000049999', 0],
    [1e-7, 0],
    ['0.0000015', 2],
    ['-0.0000005', -1],
    ['2.9999995', 3_000_000],
    ['1e-400', 0],
  ])('rounds %j € half-up to %i micro-euros', (euros, micros) => {
    expect(eurosToMicros(euros)).toBe(micros);
  });

  it('gives 0, not -0, for negative zero', () => {
    expect(Object.is(eurosToMicros(-0), 0)).toBe(true);
    expect(Object.is(eurosToMicros('-0.0000001'), 0)).toBe(true);
  });

  it.each<[number | string]>([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    [''],
    ['   '],
    ['abc'],
    ['1,50'],
    ['€2'],
    ['1.2.3'],
    ['-'],
    ['.'],
    ['e5'],
    ['0x10'],
    ['1e400'],
    ['9007199254.740992'],
    // eslint-disable-next-line no-loss-of-precision -- the point: this literal is not representable
    [9007199254.740991], // not representable: the double prints as ...740992
  ])('refuses %j', (euros) => {
    expect(() => eurosToMicros(euros)).toThrow(RangeError);
  });
});

describe('microsToEuros', () => {
  it.each([
    [0, 0],
    [79_910, 0.07991],
    [2_000_000, 2],
    [-1_500_000, -1.5],
    [1, 0.000001],
  ])('%i micro-euros is %d €', (micros, euros) => {
    expect(microsToEuros(micros)).toBe(euros);
  });

  it.each([0, 1, 79_910, 30_000, 123_456_789_123_456, -1_500_000, 999_999])(
    'round-trips %i through euros exactly',
    (micros) => {
      expect(eurosToMicros(microsToEuros(micros))).toBe(micros);
    },
  );

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %d', (micros) => {
    expect(() => microsToEuros(micros)).toThrow(RangeError);
  });
});

describe('formatEuros', () => {
  it.each<[number, number | undefined, string]>([
    [2_000_000, undefined, '€2.00'],
    [0, undefined, '€0.00'],
    [-1_500_000, undefined, '-€1.50'],
    [79_910, undefined, '€0.08'],
    [79_910, 6, '€0.079910'],
    [30_000, 6, '€0.030000'],
    [4_999, 2, '€0.00'],
    [5_000, 2, '€0.01'],
    [-5_000, 2, '-€0.01'],
    [-4_999, 2, '€0.00'],
    [1_005_000, 2, '€1.01'],
    [9_995_000, 2, '€10.00'],
    [1_234_567_890_000, 2, '€1234567.89'],
    [2_500_000, 0, '€3'],
    [2_499_999, 0, '€2'],
    [-1, 6, '-€0.000001'],
    [1_920_090, 2, '€1.92'],
    [Number.MAX_SAFE_INTEGER, 6, '€9007199254.740991'],
  ])('formats %i with %s decimals as %s', (micros, decimals, expected) => {
    expect(formatEuros(micros, decimals)).toBe(expected);
  });

  it.each([-1, 7, 1.5])('refuses %d decimals', (decimals) => {
    expect(() => formatEuros(1, decimals)).toThrow(RangeError);
  });

  it('refuses an amount that is not whole micro-euros', () => {
    expect(() => formatEuros(0.5)).toThrow(RangeError);
  });
});

describe('withTax', () => {
  it.each<[number, number, number]>([
    [65_500, 22, 79_910], // 0.0655 € net + 22 % = 0.07991 €, the spec's SMS price
    [10_000_000, 22, 12_200_000],
    [1_000_000, 9.5, 1_095_000],
    [12_345, 9.5, 13_518], // tax 1172.775 → 1173
    [1_900, 5.5, 2_005], // tax 104.5 → 105; floats give 1900 × 1.055 = 2004.4999…
    [3_700, 5.5, 3_904],
    [3, 50, 5], // tax 1.5 → 2
    [1, 22, 1], // tax 0.22 → 0
    [2, 25, 3], // tax 0.5 → 1
    [0, 22, 0],
    [100, 0, 100],
    [-3, 50, -5], // a credit note mirrors its invoice
  ])('%i net at %d %% is %i gross', (net, rate, gross) => {
    expect(withTax(net, rate)).toBe(gross);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a tax rate of %d', (rate) => {
    expect(() => withTax(1_000_000, rate)).toThrow(RangeError);
  });

  it('refuses a net amount that is not whole micro-euros', () => {
    expect(() => withTax(1.5, 22)).toThrow(RangeError);
  });

  it('refuses a gross amount past the safe range', () => {
    expect(() => withTax(Number.MAX_SAFE_INTEGER, 22)).toThrow(RangeError);
  });
});

describe('multiplyMicros', () => {
  it.each([
    [79_910, 3, 239_730],
    [79_910, 0, 0],
    [-5, 3, -15],
    [30_000, 7_500, 225_000_000],
  ])('%i × %i = %i', (micros, factor, product) => {
    expect(multiplyMicros(micros, factor)).toBe(product);
  });

  it.each<[number, number]>([
    [1, 1.5],
    [1, Number.NaN],
    [1.5, 2],
    [Number.MAX_SAFE_INTEGER, 2],
  ])('refuses %d × %d', (micros, factor) => {
    expect(() => multiplyMicros(micros, factor)).toThrow(RangeError);
  });
});

describe('isMicros', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [-1, true],
    [Number.MAX_SAFE_INTEGER, true],
    [2 ** 53, false],
    [0.5, false],
    ['1', false],
    [Number.NaN, false],
  ])('%j → %s', (value, expected) => {
    expect(isMicros(value)).toBe(expected);
  });
});

// Money as an integer count of micro-euros (1 € = 1 000 000). Integers keep every sum, debit and
// refund exact; euros as decimals appear only when parsing input and formatting output.

export type Micros = number;

export const MICROS_PER_EURO = 1_000_000;
const MICRO_DECIMALS = 6;
const MAX_MICROS = BigInt(Number.MAX_SAFE_INTEGER);

/** A decimal number held exactly: `coefficient × 10^exponent`. */
interface ExactDecimal {
  coefficient: bigint;
  exponent: number;
}

// Accepts what String(number) can print (including 1e-7 and 1.5e+21) and what a person types.
const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function parseDecimal(text: string): ExactDecimal | undefined {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  return {
    coefficient: BigInt(`${sign}${whole}${fraction}` || '0'),
    exponent: Number(exponent) - fraction.length,
  };
}

/** Reads a number through its shortest decimal form, so 0.07991 means exactly 0.07991. */
function decimalOf(value: number | string, what: string): ExactDecimal {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`${what} must be a finite number, got ${value}`);
  }
  const decimal = parseDecimal(String(value));
  if (!decimal) throw new RangeError(`${what} is not a decimal number: "${value}"`);
  return decimal;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * Integer division rounding half away from zero, so that a negative amount rounds to the mirror
 * of its positive (−1.505 € shows as −€1.51, as 1.505 € shows as €1.51).
 */
function divideRoundingHalfUp(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  if (2n * abs(remainder) < divisor) return quotient;
  return quotient + (dividend < 0n ? -1n : 1n);
}

/** `decimal × 10^shift`, rounded half-up to an integer. */
function shiftToInteger({ coefficient, exponent }: ExactDecimal, shift: number): bigint {
  const power = exponent + shift;
  if (coefficient === 0n) return 0n;
  // Beyond these powers the answer is known without building an astronomically large 10^n.
  if (power > 20) throw new RangeError('Amount is beyond the safe integer range of micro-euros');
  if (-power > abs(coefficient).toString().length + 1) return 0n;
  return power >= 0
    ? coefficient * 10n ** BigInt(power)
    : divideRoundingHalfUp(coefficient, 10n ** BigInt(-power));
}

function toMicros(value: bigint): Micros {
  if (abs(value) > MAX_MICROS) {
    throw new RangeError(`${value} micro-euros is beyond the safe integer range`);
  }
  return Number(value);
}

export function isMicros(value: unknown): value is Micros {
  return Number.isSafeInteger(value);
}

export function assertMicros(value: number, what = 'Amount'): asserts value is Micros {
  if (!isMicros(value)) {
    throw new RangeError(`${what} must be a whole number of micro-euros, got ${value}`);
  }
}

/**
 * Exact for amounts with up to 6 decimals; finer amounts are rounded half-up to the micro-euro.
 * Negative amounts are allowed (adjustments, refunds); NaN, infinities, blank or malformed text
 * and amounts past the safe integer range throw a RangeError.
 */
export function eurosToMicros(euros: number | string): Micros {
  return toMicros(shiftToInteger(decimalOf(euros, 'Euros'), MICRO_DECIMALS));
}

/** For the wire, where the spec shows euros; the nearest double to the exact amount. */
export function microsToEuros(micros: Micros): number {
  assertMicros(micros);
  return micros / MICROS_PER_EURO;
}

/** '€2.00', '-€1.50'; rounded half-up. The spec shows balances with 2 decimals, prices with 6. */
export function formatEuros(micros: Micros, decimals = 2): string {
  assertMicros(micros);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MICRO_DECIMALS) {
    throw new RangeError(`decimals must be a whole number from 0 to ${MICRO_DECIMALS}, got ${decimals}`);
  }
  const rounded = divideRoundingHalfUp(BigInt(micros), 10n ** BigInt(MICRO_DECIMALS - decimals));
  const digits = abs(rounded).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const sign = rounded < 0n ? '-' : '';
  return decimals === 0 ? `${sign}€${whole}` : `${sign}€${whole}.${fraction}`;
}

/**
 * Net plus tax, rounded half-up to the micro-euro. The rate is read as the decimal it prints as,
 * so 9.5 % is exactly 9.5 % and the product is computed without floating point.
 */
export function withTax(netMicros: Micros, taxRatePercent: number): Micros {
  assertMicros(netMicros, 'Net amount');
  const rate = decimalOf(taxRatePercent, 'Tax rate');
  if (rate.coefficient < 0n) {
    throw new RangeError(`Tax rate must not be negative, got ${taxRatePercent}`);
  }
  const netTimesRate = { coefficient: BigInt(netMicros) * rate.coefficient, exponent: rate.exponent };
  const tax = shiftToInteger(netTimesRate, -2); // the rate is a percentage
  return toMicros(BigInt(netMicros) + tax);
}

/**
 * An amount times a count (recipients, parts, quantity). Only whole factors: multiplying money by
 * a fraction needs a rounding rule, and the one place that does it, tax, has its own function.
 */
export function multiplyMicros(micros: Micros, factor: number): Micros {
  assertMicros(micros);
  if (!Number.isSafeInteger(factor)) throw new RangeError(`Factor must be a whole number, got ${factor}`);
  return toMicros(BigInt(micros) * BigInt(factor));
}

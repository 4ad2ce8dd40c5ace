// How long a bought period lasts, and where a new purchase of a time-based add-on goes among the
// periods the customer already has. The purchase (which charges) and the products page (which says
// what a purchase will do) both decide with these functions, so the dialog tells what is charged.
//
// Calendar arithmetic is done in UTC: a month from Jan 31 is the last day of February (28th or
// 29th), at the same time of day; a day is 24 hours. Periods are half-open: [startsAt, expiresAt).
import type { ProductType } from './schemas/products';

export function addCalendarMonths(from: Date, months: number): Date {
  const monthIndex = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  );
}

/** The end of one period that starts at `start`; null for products that do not expire. */
export function periodEnd(type: ProductType, start: Date): Date | null {
  if (type === 'monthly') return addCalendarMonths(start, 1);
  if (type === 'daily') return new Date(start.getTime() + 24 * 3_600_000);
  return null;
}

export type PeriodicProductType = Extract<ProductType, 'monthly' | 'daily'>;

export function isPeriodic(type: ProductType): type is PeriodicProductType {
  return type === 'monthly' || type === 'daily';
}

/** A period of one product the customer already has (an active one); `expiresAt` null: never ends. */
export interface HeldPeriod {
  startsAt: Date;
  expiresAt: Date | null;
}

/** Whether `held` shares any moment with [start, end). */
function overlaps(held: HeldPeriod, start: Date, end: Date): boolean {
  return held.startsAt.getTime() < end.getTime() && (held.expiresAt === null || held.expiresAt.getTime() > start.getTime());
}

/** One of the held periods that shares a moment with [start, end) (one that never ends first), or null. */
export function overlappingPeriod<P extends HeldPeriod>(held: readonly P[], start: Date, end: Date): P | null {
  const clashing = held.filter((p) => overlaps(p, start, end));
  return clashing.find((p) => p.expiresAt === null) ?? clashing[0] ?? null;
}

/**
 * The period that a purchase starting "now" extends (from its expiry, by one period), or null when
 * it starts a new period at `now`. The new period would be [now, one period later); if a held
 * period is in force then or starts before that would end, the purchase goes after it instead, and
 * again after any period that the moved one would run into (a period bought with a later start
 * date), so no day is ever paid twice. The period returned is the last of that chain; one that
 * never ends is returned as it is (nothing can follow it: the purchase is refused).
 */
export function periodExtendedByPurchase<P extends HeldPeriod>(type: PeriodicProductType, held: readonly P[], now: Date): P | null {
  let extended: P | null = null;
  let from = now;
  for (;;) {
    const clashing = held.filter((p) => overlaps(p, from, periodEnd(type, from)!));
    if (clashing.length === 0) return extended;
    const endless = clashing.find((p) => p.expiresAt === null);
    if (endless) return endless;
    // Every one of them expires after `from`, so `from` moves forward and the chain ends.
    extended = clashing.reduce((latest, p) => (p.expiresAt!.getTime() > latest.expiresAt!.getTime() ? p : latest));
    from = extended.expiresAt!;
  }
}

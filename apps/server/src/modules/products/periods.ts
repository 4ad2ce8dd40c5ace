// How long a bought period lasts. Calendar arithmetic is done in UTC: a month from Jan 31 is the
// last day of February (28th or 29th), at the same time of day; a day is 24 hours.
import type { ProductType } from '@kurir/core';

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

// The analytics window (admin spec §2, §9): six months ending at the chosen month, moved one month
// at a time, never past the current month. Months are UTC calendar months, as the server counts.
import { ANALYTICS_WINDOW_MONTHS, isAfterMonth, shiftMonth } from '@kurir/core';

export type YearMonth = { year: number; month: number };

export const monthOf = (date: Date): YearMonth => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 });

const firstDay = ({ year, month }: YearMonth) => `${year}-${String(month).padStart(2, '0')}-01`;

/** The query's dates: the first days of the window's first and last months. */
export function analyticsRange(end: YearMonth): { startDate: string; endDate: string } {
  return { startDate: firstDay(shiftMonth(end, -(ANALYTICS_WINDOW_MONTHS - 1))), endDate: firstDay(end) };
}

/** Whether "next month" stays within the current month. */
export const canGoNext = (end: YearMonth, now: Date) => !isAfterMonth(shiftMonth(end, 1), monthOf(now));

/** One month on, but never past the current month. */
export function nextMonth(end: YearMonth, now: Date): YearMonth {
  return canGoNext(end, now) ? shiftMonth(end, 1) : end;
}

export const previousMonth = (end: YearMonth): YearMonth => shiftMonth(end, -1);

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Nov 2026`. */
export const monthLabel = ({ year, month }: YearMonth) => `${MONTH_NAMES[month - 1]} ${year}`;

/** `Jun – Nov 2026` or `Oct 2025 – Mar 2026`. */
export function windowLabel(end: YearMonth): string {
  const start = shiftMonth(end, -(ANALYTICS_WINDOW_MONTHS - 1));
  return start.year === end.year ? `${MONTH_NAMES[start.month - 1]} – ${monthLabel(end)}` : `${monthLabel(start)} – ${monthLabel(end)}`;
}

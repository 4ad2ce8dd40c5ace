// GET /api/admin/users/{id}/analytics: one row per month, the window ending at the chosen month.
import { z } from '../zod';

export const ANALYTICS_MESSAGES = {
  fetchFailed: 'Failed to fetch analytics',
  invalidDate: 'Dates must be ISO dates (YYYY-MM-DD)',
  pastCurrentMonth: 'Analytics cannot go past the current month',
  startAfterEnd: 'The start date must not be after the end date',
  tooLong: 'The analytics window is at most 24 months',
} as const;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}(-\d{2})?(T.*)?$/, ANALYTICS_MESSAGES.invalidDate)
  .refine((v) => !Number.isNaN(new Date(v.length === 7 ? `${v}-01` : v).getTime()), ANALYTICS_MESSAGES.invalidDate);

/**
 * Both optional: endDate defaults to today (its month is the last row), startDate to the first day
 * of the month five months earlier (six months in all). Only the months of the dates count.
 */
export const analyticsQuerySchema = z.object({ startDate: isoDate.optional(), endDate: isoDate.optional() });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/**
 * Counts and spend of one calendar month (UTC), oldest first, every month present. Messages count
 * in the month they left the queue (processed), at the price the customer finally paid (0 when
 * undelivered and refunded); admin-sent messages are free and not counted. Products are the
 * ledger's purchases in the month. Amounts in euros.
 */
export const monthlyStatsRowSchema = z.object({
  year: z.number(),
  /** 1–12. */
  month: z.number(),
  smsCount: z.number(),
  smsSpent: z.number(),
  viberCount: z.number(),
  viberSpent: z.number(),
  productPurchases: z.number(),
  productsSpent: z.number(),
  totalSpent: z.number(),
});
export type MonthlyStatsRow = z.infer<typeof monthlyStatsRowSchema>;

export const analyticsResponseSchema = z.object({ monthlyStats: z.array(monthlyStatsRowSchema) });
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** The months of a window ending at `end`, oldest first (month 1–12). */
export function analyticsMonths(end: { year: number; month: number }, count: number): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = end.year * 12 + (end.month - 1) - i;
    out.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  return out;
}

/** One month later or earlier; the web's navigation refuses to pass the current month. */
export function shiftMonth(at: { year: number; month: number }, by: number): { year: number; month: number } {
  const index = at.year * 12 + (at.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function isAfterMonth(a: { year: number; month: number }, b: { year: number; month: number }): boolean {
  return a.year * 12 + a.month > b.year * 12 + b.month;
}

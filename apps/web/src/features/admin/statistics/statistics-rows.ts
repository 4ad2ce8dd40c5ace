// The statistics reply reshaped for charts and their tables: one flat row per day, one per month.
import type { StatisticsReply } from './api/get-statistics';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const monthName = (year: number, month: number) => `${MONTHS[month - 1]} ${year}`;

/** `2026-11-05` → `05.11.`: short enough for a day axis. */
export const dayLabel = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.`;

export type DayRow = {
  day: string;
  date: string;
  smsDelivered: number;
  smsFailed: number;
  /** Pending or sent without a receipt yet. */
  smsWaiting: number;
  viberDelivered: number;
  viberFailed: number;
  viberWaiting: number;
};

export function dayRows(daily: StatisticsReply['daily']): DayRow[] {
  return daily.map((d) => ({
    day: dayLabel(d.date),
    date: d.date,
    smsDelivered: d.sms.delivered,
    smsFailed: d.sms.failed,
    smsWaiting: d.sms.pending + d.sms.sent,
    viberDelivered: d.viber.delivered,
    viberFailed: d.viber.failed,
    viberWaiting: d.viber.pending + d.viber.sent,
  }));
}

export function totalMessages(daily: StatisticsReply['daily']): number {
  return daily.reduce((sum, d) => sum + Object.values(d.sms).reduce((a, b) => a + b, 0) + Object.values(d.viber).reduce((a, b) => a + b, 0), 0);
}

/** Each customer's share of the biggest spender, for the inline bars (0–100). */
export function spendShares(customers: StatisticsReply['topCustomers']): number[] {
  const top = Math.max(0, ...customers.map((c) => c.spent));
  return customers.map((c) => (top > 0 ? Math.round((c.spent / top) * 100) : 0));
}

// How a message reads in the All Messages table (admin spec §2, §4, §8, §9) and what the search
// banner says.
import { ALL_MESSAGES_TEXTS, eurosToMicros, formatEuros, searchTerms } from '@kurir/core';

/** Recipients are stored without '+' at times; the table always shows it. */
export function withPlus(recipient: string): string {
  const trimmed = recipient.trim();
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

/** '€0.08' from the sell price '0.079910' (euros, decimal string); '—' when it is not a number. */
export function formatSellPrice(sellPrice: string): string {
  try {
    return formatEuros(eurosToMicros(sellPrice), 2);
  } catch {
    return '—';
  }
}

export const KNOWN_MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'failed'] as const;
export type ShownStatus = (typeof KNOWN_MESSAGE_STATUSES)[number] | 'unknown';

/** The four statuses of the admin list; anything else reads 'Unknown'. */
export function shownStatus(status: string): ShownStatus {
  return (KNOWN_MESSAGE_STATUSES as readonly string[]).includes(status) ? (status as ShownStatus) : 'unknown';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '5 minutes ago', 'yesterday', 'just now'; 'Unknown' when the date does not parse. */
export function relativeTime(value: string | null | undefined, now = new Date()): string {
  const time = value ? new Date(value).getTime() : Number.NaN;
  if (Number.isNaN(time)) return 'Unknown';
  const seconds = Math.round((time - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The searched terms as the page repeats them: 'a, b' for 'a,, b ,a'. */
export function shownTerms(search: string): string {
  return searchTerms(search).join(', ');
}

/** The badge: '{total} total messages', or 'N of total results' while searching. */
export function totalBadge(searching: boolean, shown: number, total: string): string {
  return searching ? ALL_MESSAGES_TEXTS.ofTotal(shown, total) : ALL_MESSAGES_TEXTS.total(total);
}

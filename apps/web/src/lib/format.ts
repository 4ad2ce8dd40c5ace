// Formatting at the edge of the UI: money as the spec shows it, dates in the user's time zone.
import dayjs from 'dayjs';

export { formatEuros } from './money-format';

function parse(value: string | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : undefined;
}

/** `21.11.2024`; 'Unknown' when absent, 'Invalid date' when it does not parse (spec §5). */
export function formatDate(value: string | Date | null | undefined): string {
  const parsed = parse(value);
  if (parsed === null) return 'Unknown';
  return parsed ? parsed.format('DD.MM.YYYY') : 'Invalid date';
}

/** `21.11.2024 14:05`, in the browser's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const parsed = parse(value);
  if (parsed === null) return 'Unknown';
  return parsed ? parsed.format('DD.MM.YYYY HH:mm') : 'Invalid date';
}

/** `14:05:09`: for lists that refresh every few seconds. */
export function formatTime(value: string | Date | null | undefined): string {
  const parsed = parse(value);
  if (parsed === null) return 'Unknown';
  return parsed ? parsed.format('HH:mm:ss') : 'Invalid date';
}

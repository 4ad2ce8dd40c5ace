// Whether a number can exist, by libphonenumber's lengths per country. Apart from phone.ts because
// its metadata is 29 KB gzip: the sign-in pages and most forms need only the spec's patterns, and
// the web loads this when a page first checks a number (lib/use-possible-number.ts).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { RECIPIENT_PATTERN } from './phone';

/**
 * A stricter check than the spec's pattern: libphonenumber knows each country's lengths and
 * ranges, so a number that matches the pattern but cannot exist is caught before it costs money.
 */
export function isPossibleNumber(phone: string): boolean {
  if (!RECIPIENT_PATTERN.test(phone)) return false;
  const parsed = parsePhoneNumberFromString(phone);
  return parsed !== undefined && parsed.isPossible();
}

// Phone numbers as people read them: '+38640123456' → '+386 40 123 456'. Light on purpose (no
// libphonenumber metadata, so every page can format numbers without loading the validation rules):
// the country calling code is found from the ITU code list's shape, and the national number is
// grouped the way most numbering plans print it (2-3-3, 3-3-3, 3-3-4, …).

/** Calling codes of one or two digits (ITU-T E.164 assignments); every other code has three. */
const SHORT_CODES = new Set([
  '1', '7', '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86',
  '90', '91', '92', '93', '94', '95', '98',
]);

function callingCode(digits: string): string {
  if (SHORT_CODES.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (SHORT_CODES.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

/** The group sizes of a national number of this length. */
function groups(length: number): number[] {
  switch (length) {
    case 6: return [3, 3];
    case 7: return [3, 4];
    case 8: return [2, 3, 3];
    case 9: return [3, 3, 3];
    case 10: return [3, 3, 4];
    default: return Array.from({ length: Math.ceil(length / 3) }, (_, i) => Math.min(3, length - i * 3));
  }
}

/** '+386 40 123 456' from '+38640123456' or '38640123456'; anything that is not a number, unchanged. */
export function formatPhoneForReading(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/^\+/, '');
  if (!/^\d{8,15}$/.test(digits)) return trimmed;
  const code = callingCode(digits);
  const national = digits.slice(code.length);
  const parts: string[] = [];
  let at = 0;
  for (const size of groups(national.length)) {
    parts.push(national.slice(at, at + size));
    at += size;
  }
  return `+${code} ${parts.join(' ')}`;
}

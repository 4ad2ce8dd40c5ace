// Phone number rules shared by the sign-in forms, the recipients of a send and the contacts.

/** Sign-in phone: + and 10 to 15 digits, after spaces are stripped (spec §5). */
export const LOGIN_PHONE_PATTERN = /^\+\d{10,15}$/;

/** Recipient phone: + then a non-zero digit then 1 to 14 digits (E.164, spec §5). */
export const RECIPIENT_PATTERN = /^\+[1-9]\d{1,14}$/;

export const EXAMPLE_PHONE = '+386123456789';

/** What the sign-in forms send: the input without white space. */
export function stripSpaces(input: string): string {
  return input.replace(/\s+/g, '');
}

/**
 * Normalises a typed number the way the spec cleans recipients and contacts:
 * everything but digits and plus removed, `00` international prefix turned into `+`,
 * and a plus prepended when missing.
 */
export function normalizePhone(input: string): string {
  let cleaned = input.replace(/[^\d+]/g, '');
  if (cleaned.startsWith('00')) cleaned = cleaned.slice(2);
  cleaned = cleaned.replace(/\+/g, '');
  return cleaned === '' ? '' : `+${cleaned}`;
}

export function isValidLoginPhone(phone: string): boolean {
  return LOGIN_PHONE_PATTERN.test(phone);
}

export function isValidRecipient(phone: string): boolean {
  return RECIPIENT_PATTERN.test(phone);
}

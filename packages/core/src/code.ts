// One-time sign-in codes: the rules the form and the server share.
export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^\d{6}$/;
export const CODE_TTL_MINUTES = 10;
export const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

export function isValidCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

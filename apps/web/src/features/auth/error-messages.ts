// What the sign-in pages say when a request fails (spec §8). The spec words its rule on the
// server's text ("not found", "already exists"); the server now names those cases with stable
// codes, so the pages decide on the code and show the spec's sentence.
import { errorDetail, hasErrorCode, isNetworkError } from '../../lib/api';

export const NO_ACCOUNT = 'No account found with this phone number. Please register first.';
export const ALREADY_REGISTERED = 'A user with this phone number already exists. Please try logging in instead.';
export const SEND_CODE_FAILED = 'Failed to send verification code';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again later.';
export const INVALID_CODE = 'Invalid verification code';

/** The server's codes for the sign-in routes (apps/server/src/modules/auth/auth.service.ts). */
export const AUTH_ERROR_CODES = {
  userNotFound: 'user_not_found',
  userExists: 'user_exists',
  resendCooldown: 'resend_cooldown',
  accountDeactivated: 'account_deactivated',
} as const;

export type PhoneFlow = 'login' | 'register';

export function codeRequestErrorMessage(flow: PhoneFlow, error: unknown): string {
  if (isNetworkError(error)) return UNEXPECTED_ERROR;
  if (flow === 'login' && hasErrorCode(error, AUTH_ERROR_CODES.userNotFound)) return NO_ACCOUNT;
  if (flow === 'register' && hasErrorCode(error, AUTH_ERROR_CODES.userExists)) return ALREADY_REGISTERED;
  return errorDetail(error) || SEND_CODE_FAILED;
}

/** A 429 for a code that went out under a minute ago and is still valid: go and enter it. */
export function isCodeAlreadySent(error: unknown): boolean {
  return hasErrorCode(error, AUTH_ERROR_CODES.resendCooldown) && error.field('codeSent') === true;
}

/** Spec §8: a deactivated account gets its own alert, not a toast. */
export function isAccountDeactivated(error: unknown): boolean {
  return hasErrorCode(error, AUTH_ERROR_CODES.accountDeactivated);
}

/** How long the server asks us to wait before the next code, in whole seconds, if it says. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!hasErrorCode(error, AUTH_ERROR_CODES.resendCooldown, 'too_many_requests')) return null;
  const seconds = Number(error.field('retryAfter'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

export function verifyErrorMessage(error: unknown): string {
  return isNetworkError(error) ? UNEXPECTED_ERROR : errorDetail(error) || INVALID_CODE;
}

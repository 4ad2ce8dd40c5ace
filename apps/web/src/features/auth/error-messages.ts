// What the sign-in pages say when a code request fails (spec §8). The server's wording is matched
// only here, where the spec itself defines the rule.
import { errorDetail, isNetworkError } from '../../lib/api';

export const NO_ACCOUNT = 'No account found with this phone number. Please register first.';
export const ALREADY_REGISTERED = 'A user with this phone number already exists. Please try logging in instead.';
export const SEND_CODE_FAILED = 'Failed to send verification code';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again later.';

export type PhoneFlow = 'login' | 'register';

export function codeRequestErrorMessage(flow: PhoneFlow, error: unknown): string {
  if (isNetworkError(error)) return UNEXPECTED_ERROR;
  const detail = errorDetail(error);
  const lower = detail.toLowerCase();
  if (flow === 'login' && (lower.includes('not found') || lower.includes('no user'))) return NO_ACCOUNT;
  if (flow === 'register' && lower.includes('already exists')) return ALREADY_REGISTERED;
  return detail || SEND_CODE_FAILED;
}

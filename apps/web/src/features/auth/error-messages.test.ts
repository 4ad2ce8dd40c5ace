import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  ALREADY_REGISTERED,
  codeRequestErrorMessage,
  INVALID_CODE,
  isAccountDeactivated,
  isCodeAlreadySent,
  NO_ACCOUNT,
  retryAfterSeconds,
  SEND_CODE_FAILED,
  UNEXPECTED_ERROR,
  verifyErrorMessage,
} from './error-messages';

const server = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, message, { message, code, ...extra });

describe('code request errors (spec §8), decided by the server\'s code', () => {
  it('tells an unknown phone to register', () => {
    expect(codeRequestErrorMessage('login', server(404, 'user_not_found', 'No user found with this phone number'))).toBe(NO_ACCOUNT);
  });

  it('tells a known phone to log in', () => {
    expect(codeRequestErrorMessage('register', server(409, 'user_exists', 'A user with this phone number already exists'))).toBe(
      ALREADY_REGISTERED,
    );
  });

  it('does not read the words: the same text under another code is shown as it is', () => {
    expect(codeRequestErrorMessage('login', server(404, 'route_not_found', 'User not found'))).toBe('User not found');
    expect(codeRequestErrorMessage('register', server(409, 'conflict', 'It already exists'))).toBe('It already exists');
    // A code only means "register first" on the login page, and "log in" on the register page.
    expect(codeRequestErrorMessage('register', server(404, 'user_not_found', 'No user found'))).toBe('No user found');
  });

  it('shows other server messages as they are, or a fallback', () => {
    expect(codeRequestErrorMessage('login', server(429, 'too_many_requests', 'Please wait 30 seconds'))).toBe('Please wait 30 seconds');
    expect(codeRequestErrorMessage('register', server(500, 'internal_error', ''))).toBe(SEND_CODE_FAILED);
  });

  it('explains a network failure', () => {
    expect(codeRequestErrorMessage('login', new TypeError('Failed to fetch'))).toBe(UNEXPECTED_ERROR);
  });
});

describe('the other sign-in cases the pages tell apart', () => {
  it('sends a fresh code request to /verify when the last code is still good', () => {
    expect(isCodeAlreadySent(server(429, 'resend_cooldown', 'Please wait', { retryAfter: 40, codeSent: true }))).toBe(true);
    expect(isCodeAlreadySent(server(429, 'too_many_requests', 'Too many', { codeSent: true }))).toBe(false);
    expect(isCodeAlreadySent(server(429, 'resend_cooldown', 'Please wait'))).toBe(false);
  });

  it('waits as long as the server says', () => {
    expect(retryAfterSeconds(server(429, 'resend_cooldown', 'Please wait', { retryAfter: 12.2 }))).toBe(13);
    expect(retryAfterSeconds(server(429, 'too_many_requests', 'Too many', { retryAfter: 600 }))).toBe(600);
    expect(retryAfterSeconds(server(429, 'too_many_requests', 'Too many'))).toBeNull();
    expect(retryAfterSeconds(server(400, 'invalid_code', 'Wrong', { retryAfter: 5 }))).toBeNull();
  });

  it('shows the deactivated alert only for that code', () => {
    expect(isAccountDeactivated(server(403, 'account_deactivated', 'Deactivated', { accountDeactivated: true }))).toBe(true);
    expect(isAccountDeactivated(server(403, 'forbidden', 'Forbidden'))).toBe(false);
  });

  it('words a failed verification with the server message, or the spec fallback', () => {
    expect(verifyErrorMessage(server(400, 'invalid_code', 'Invalid or expired verification code'))).toBe(
      'Invalid or expired verification code',
    );
    expect(verifyErrorMessage(server(500, 'internal_error', ''))).toBe(INVALID_CODE);
    expect(verifyErrorMessage(new TypeError('Failed to fetch'))).toBe(UNEXPECTED_ERROR);
  });
});

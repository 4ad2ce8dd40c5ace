import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { ALREADY_REGISTERED, codeRequestErrorMessage, NO_ACCOUNT, SEND_CODE_FAILED, UNEXPECTED_ERROR } from './error-messages';

const server = (status: number, message: string) => new ApiError(status, message, { message });

describe('code request errors (spec §8)', () => {
  it('tells an unknown phone to register', () => {
    expect(codeRequestErrorMessage('login', server(404, 'No user found with this phone number'))).toBe(NO_ACCOUNT);
    expect(codeRequestErrorMessage('login', server(404, 'User not found'))).toBe(NO_ACCOUNT);
  });

  it('tells a known phone to log in', () => {
    expect(codeRequestErrorMessage('register', server(409, 'A user with this phone number already exists'))).toBe(
      ALREADY_REGISTERED,
    );
  });

  it('shows other server messages as they are, or a fallback', () => {
    expect(codeRequestErrorMessage('login', server(429, 'Please wait 30 seconds'))).toBe('Please wait 30 seconds');
    expect(codeRequestErrorMessage('register', server(500, ''))).toBe(SEND_CODE_FAILED);
  });

  it('explains a network failure', () => {
    expect(codeRequestErrorMessage('login', new TypeError('Failed to fetch'))).toBe(UNEXPECTED_ERROR);
  });
});

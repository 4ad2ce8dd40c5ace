import { describe, expect, it } from 'vitest';
import type { User } from '@kurir/core';
import { checkProfile, formValuesOf, isProfileIncomplete } from './profile-form';

const user = {
  first_name: 'Ana',
  last_name: null,
  email: null,
  company_name: null,
  address: null,
  city: null,
  zip_code: null,
  country: null,
  tax_id: null,
  settings: { sender_name: 'Kurir', primary_channel: 'sms' },
} as unknown as User;

describe('profile form', () => {
  it('starts from the user, empty strings for missing values', () => {
    expect(formValuesOf(user)).toMatchObject({ first_name: 'Ana', last_name: '', email: '', sender_name: 'Kurir', primary_channel: 'sms' });
  });

  it('accepts an empty email and refuses a malformed one', () => {
    expect(checkProfile(formValuesOf(user)).ok).toBe(true);
    expect(checkProfile({ ...formValuesOf(user), email: 'ana@' })).toEqual({ ok: false, errors: { email: 'Invalid email address' } });
  });

  it('requires a sender name of at most 11 characters', () => {
    expect(checkProfile({ ...formValuesOf(user), sender_name: ' ' })).toMatchObject({ errors: { sender_name: 'Sender name is required' } });
    expect(checkProfile({ ...formValuesOf(user), sender_name: 'ABCDEFGHIJKL' })).toMatchObject({
      errors: { sender_name: 'Sender name must be 11 characters or less' },
    });
  });

  it('calls a profile incomplete without first name, last name or email', () => {
    expect(isProfileIncomplete(user)).toBe(true);
    expect(isProfileIncomplete({ first_name: 'Ana', last_name: 'Novak', email: 'ana@example.com' })).toBe(false);
    expect(isProfileIncomplete({ first_name: 'Ana', last_name: ' ', email: 'ana@example.com' })).toBe(true);
  });
});

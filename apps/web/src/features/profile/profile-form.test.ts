import { describe, expect, it } from 'vitest';
import { profileUpdateBodySchema } from '@kurir/core/schemas/profile';
import { type User } from '@kurir/core/schemas/auth';
import { schemaForm } from '../../lib/form';
import { formValuesOf, isProfileIncomplete, type ProfileFormValues } from './profile-form';

// The check the page runs (use-profile-editor.ts): the core schema through the one form helper.
const { validate, transformValues } = schemaForm(profileUpdateBodySchema, (values: ProfileFormValues) => values);

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
    expect(validate(formValuesOf(user))).toEqual({});
    expect(validate({ ...formValuesOf(user), email: 'ana@' })).toEqual({ email: 'Invalid email address' });
  });

  it('requires a sender name of at most 11 characters', () => {
    expect(validate({ ...formValuesOf(user), sender_name: ' ' })).toEqual({ sender_name: 'Sender name is required' });
    expect(validate({ ...formValuesOf(user), sender_name: 'ABCDEFGHIJKL' })).toEqual({
      sender_name: 'Sender name must be 11 characters or less',
    });
  });

  it('sends what the server stores: trimmed text, empty fields cleared', () => {
    expect(transformValues({ ...formValuesOf(user), first_name: '  Ana ', email: '' })).toMatchObject({
      first_name: 'Ana',
      last_name: null,
      email: null,
      sender_name: 'Kurir',
    });
  });

  it('calls a profile incomplete without first name, last name or email', () => {
    expect(isProfileIncomplete(user)).toBe(true);
    expect(isProfileIncomplete({ first_name: 'Ana', last_name: 'Novak', email: 'ana@example.com' })).toBe(false);
    expect(isProfileIncomplete({ first_name: 'Ana', last_name: ' ', email: 'ana@example.com' })).toBe(true);
  });
});

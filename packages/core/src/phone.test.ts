import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_PHONE,
  isValidLoginPhone,
  isValidRecipient,
  normalizePhone,
  stripSpaces,
} from './phone';
import { isPossibleNumber } from './phone-possible';
import { loginPhoneSchema, phoneBodySchema, verifyBodySchema } from './schemas/auth';

const digits = (n: number) => '1234567890'.repeat(2).slice(0, n);

describe('normalizePhone', () => {
  it.each([
    ['+38640123456', '+38640123456'],
    ['+386 40 123 456', '+38640123456'],
    ['386-40-123-456', '+38640123456'],
    ['(386) 40/123.456', '+38640123456'],
    ['38640123456', '+38640123456'],
    ['0038640123456', '+38640123456'],
    ['00 386 40 123 456', '+38640123456'],
    ['  +386\t40\n123456  ', '+38640123456'],
    ['+386+40123456', '+38640123456'],
    ['', ''],
    ['   ', ''],
    ['+', ''],
    ['abc', ''],
    ['040 123 456', '+040123456'], // a national number is not guessed into a country…
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('leaves a national number for the recipient check to refuse', () => {
    expect(isValidRecipient(normalizePhone('040 123 456'))).toBe(false);
  });
});

describe('stripSpaces', () => {
  it.each([
    ['+386 40 123 456', '+38640123456'],
    [' \t+386\n40 ', '+38640'],
    ['+386-40', '+386-40'],
  ])('%j → %j', (input, expected) => {
    expect(stripSpaces(input)).toBe(expected);
  });
});

describe('isValidLoginPhone: + and 10 to 15 digits', () => {
  it.each([
    [`+${digits(9)}`, false],
    [`+${digits(10)}`, true],
    [`+${digits(15)}`, true],
    [`+${digits(16)}`, false],
    [EXAMPLE_PHONE, true],
    ['+38640123456', true],
    [digits(12), false],
    ['+386 40 123 456', false],
    ['+386-40-123-456', false],
    ['+38640123456a', false],
    ['', false],
    ['+', false],
  ])('%j → %s', (phone, expected) => {
    expect(isValidLoginPhone(phone)).toBe(expected);
  });
});

describe('isValidRecipient: + then a non-zero digit then 1 to 14 digits', () => {
  it.each([
    ['+1', false],
    ['+12', true],
    [`+${digits(15)}`, true],
    [`+${digits(16)}`, false],
    ['+0123456789', false],
    ['+038640123456', false],
    ['+38640123456', true],
    ['38640123456', false],
    ['+386 40123456', false],
    ['', false],
  ])('%j → %s', (phone, expected) => {
    expect(isValidRecipient(phone)).toBe(expected);
  });
});

describe('isPossibleNumber', () => {
  it.each([
    ['+38640123456', true], // a Slovenian mobile
    ['+38612345678', true], // a Ljubljana landline
    ['+12025550123', true],
    ['+3861', false], // matches the spec's pattern, but no Slovenian number is that short
    ['+38640', false],
    ['+386401234567890', false],
    ['38640123456', false],
    ['+038640123456', false],
    ['', false],
  ])('%j → %s', (phone, expected) => {
    expect(isPossibleNumber(phone)).toBe(expected);
  });
});

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

const PHONE_REQUIRED = 'Phone number is required';
const PHONE_INVALID = 'Enter a valid phone number with country code (e.g., +386123456789)';
const CODE_REQUIRED = 'Verification code is required';
const CODE_INVALID = 'Enter a valid 6-digit code';

describe('loginPhoneSchema', () => {
  it.each([
    ['+386 40 123 456', '+38640123456'],
    ['+386123456789', '+386123456789'],
    [' +386\t401 234 567 ', '+386401234567'],
  ])('accepts %j as %j, spaces stripped', (input, expected) => {
    expect(loginPhoneSchema.parse(input)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [undefined, PHONE_REQUIRED],
    [null, PHONE_REQUIRED],
    ['', PHONE_REQUIRED],
    ['   ', PHONE_REQUIRED],
    ['+386', PHONE_INVALID],
    [`+${digits(9)}`, PHONE_INVALID],
    [`+${digits(16)}`, PHONE_INVALID],
    ['386123456789', PHONE_INVALID],
    ['+386-40-123-456', PHONE_INVALID],
    ['00386123456789', PHONE_INVALID],
  ])('refuses %j with %j', (input, message) => {
    expect(firstMessage(loginPhoneSchema.safeParse(input))).toBe(message);
  });
});

describe('phoneBodySchema', () => {
  it('accepts { phone } and strips its spaces', () => {
    expect(phoneBodySchema.parse({ phone: '+386 40 123 456' })).toEqual({ phone: '+38640123456' });
  });

  it('says the phone is required when it is missing', () => {
    expect(firstMessage(phoneBodySchema.safeParse({}))).toBe(PHONE_REQUIRED);
  });

  it('refuses unknown fields', () => {
    expect(phoneBodySchema.safeParse({ phone: '+38640123456', role: 'admin' }).success).toBe(false);
  });
});

describe('verifyBodySchema', () => {
  const phone = '+38640123456';

  it('accepts a phone and a 6-digit code', () => {
    expect(verifyBodySchema.parse({ phone: '+386 40 123 456', code: '012345' })).toEqual({ phone, code: '012345' });
  });

  it.each<[unknown, string]>([
    [undefined, CODE_REQUIRED],
    ['', CODE_REQUIRED],
    ['12345a', CODE_INVALID],
    ['1234567', CODE_INVALID],
    ['12345', CODE_INVALID],
    [' 123456', CODE_INVALID],
    ['123456\n', CODE_INVALID],
    ['١٢٣٤٥٦', CODE_INVALID], // Arabic-Indic digits are not what the code input accepts
  ])('refuses the code %j with %j', (code, message) => {
    expect(firstMessage(verifyBodySchema.safeParse({ phone, code }))).toBe(message);
  });

  it('checks the phone with the sign-in rules', () => {
    expect(firstMessage(verifyBodySchema.safeParse({ phone: '+386', code: '123456' }))).toBe(PHONE_INVALID);
  });

  it('refuses unknown fields', () => {
    expect(verifyBodySchema.safeParse({ phone, code: '123456', extra: 1 }).success).toBe(false);
  });
});

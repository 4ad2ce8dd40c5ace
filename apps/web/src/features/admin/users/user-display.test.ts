import { describe, expect, it } from 'vitest';
import { orNotProvided, shortId, userDisplayName } from './user-display';

const base = { company_name: null, first_name: null, last_name: null, phone: '+38640111222' };

describe('userDisplayName', () => {
  it('prefers the company name', () => {
    expect(userDisplayName({ ...base, company_name: 'Acme d.o.o.', first_name: 'Ana', last_name: 'Novak' })).toBe('Acme d.o.o.');
  });

  it('uses first and last name without a company', () => {
    expect(userDisplayName({ ...base, first_name: 'Ana', last_name: 'Novak' })).toBe('Ana Novak');
    expect(userDisplayName({ ...base, last_name: 'Novak' })).toBe('Novak');
  });

  it('falls back to the phone when no name is on file (blanks count as missing)', () => {
    expect(userDisplayName(base)).toBe('+38640111222');
    expect(userDisplayName({ ...base, company_name: '  ', first_name: ' ' })).toBe('+38640111222');
  });
});

describe('shortId', () => {
  it('keeps the first 8 characters', () => {
    expect(shortId('3f2a9c1d-0b7e-4e5f-9a8b-123456789abc')).toBe('3f2a9c1d');
  });
});

describe('orNotProvided', () => {
  it('reads Not provided for missing or blank values', () => {
    expect(orNotProvided(null)).toBe('Not provided');
    expect(orNotProvided(' ')).toBe('Not provided');
    expect(orNotProvided('Ljubljana')).toBe('Ljubljana');
  });
});

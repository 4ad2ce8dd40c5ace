import { describe, expect, it } from 'vitest';
import { displayName, shortDisplayName } from './user-names';

describe('header names (spec §2)', () => {
  it('uses the full name, else the phone', () => {
    expect(displayName({ first_name: 'Ana', last_name: 'Novak', phone: '+38641555001' })).toBe('Ana Novak');
    expect(displayName({ first_name: null, last_name: ' ', phone: '+38641555001' })).toBe('+38641555001');
  });

  it('on small screens uses the first name, else the last four digits', () => {
    expect(shortDisplayName({ first_name: 'Ana', last_name: 'Novak', phone: '+38641555001' })).toBe('Ana');
    expect(shortDisplayName({ first_name: null, last_name: 'Novak', phone: '+38641555001' })).toBe('…5001');
  });
});

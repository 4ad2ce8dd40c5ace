import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

describe('formatCardNumber', () => {
  it('groups digits by four and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });
  it('stops at 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});

describe('formatExpiry', () => {
  it('puts the slash after the month', () => {
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/345')).toBe('12/34');
  });
  it('reads a first digit above 1 as a month without its zero', () => {
    expect(formatExpiry('5')).toBe('05');
    expect(formatExpiry('528')).toBe('05/28');
  });
});

describe('formatCvc', () => {
  it('keeps up to four digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });
});

import { describe, expect, it } from 'vitest';
import { formatPhoneForReading } from './phone-format';

describe('formatPhoneForReading', () => {
  it.each([
    ['+38640123456', '+386 40 123 456'], // Slovenia, mobile
    ['38640123456', '+386 40 123 456'], // stored without the plus
    ['+4915112345678', '+49 151 123 456 78'], // Germany: two-digit code, 11-digit national number
    ['+12025550123', '+1 202 555 0123'], // North America
    ['+385911234567', '+385 911 234 567'], // Croatia
    ['+79161234567', '+7 916 123 4567'], // Russia
    ['+447911123456', '+44 791 112 3456'], // UK
  ])('%s reads %s', (input, expected) => {
    expect(formatPhoneForReading(input)).toBe(expected);
  });

  it('leaves what is not a number alone', () => {
    expect(formatPhoneForReading('Kurir')).toBe('Kurir');
    expect(formatPhoneForReading('+123')).toBe('+123');
    expect(formatPhoneForReading('')).toBe('');
  });
});

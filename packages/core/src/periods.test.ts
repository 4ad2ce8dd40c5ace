import { describe, expect, it } from 'vitest';
import { addCalendarMonths, overlappingPeriod, periodEnd, periodExtendedByPurchase } from './periods';

const utc = (s: string) => new Date(`${s}Z`);

describe('periods', () => {
  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addCalendarMonths(utc('2028-01-31T10:15:00'), 1)).toEqual(utc('2028-02-29T10:15:00'));
    expect(addCalendarMonths(utc('2027-01-31T10:15:00'), 1)).toEqual(utc('2027-02-28T10:15:00'));
    expect(addCalendarMonths(utc('2027-03-31T00:00:00'), 1)).toEqual(utc('2027-04-30T00:00:00'));
    expect(addCalendarMonths(utc('2027-12-15T23:59:59.500'), 1)).toEqual(utc('2028-01-15T23:59:59.500'));
    expect(addCalendarMonths(utc('2027-11-30T08:00:00'), 3)).toEqual(utc('2028-02-29T08:00:00'));
  });

  it('makes a monthly period a calendar month, a daily one 24 hours, and the rest endless', () => {
    expect(periodEnd('monthly', utc('2027-05-10T12:00:00'))).toEqual(utc('2027-06-10T12:00:00'));
    expect(periodEnd('daily', utc('2027-05-10T12:00:00'))).toEqual(utc('2027-05-11T12:00:00'));
    expect(periodEnd('one_time', utc('2027-05-10T12:00:00'))).toBeNull();
    expect(periodEnd('per_unit', utc('2027-05-10T12:00:00'))).toBeNull();
  });
});

describe('where a purchase goes among the periods already held', () => {
  const now = utc('2026-12-04T10:00:00');
  const period = (start: string, end: string | null) => ({ startsAt: utc(start), expiresAt: end === null ? null : utc(end) });

  it('starts a new period when none is in force or starts within it', () => {
    expect(periodExtendedByPurchase('monthly', [], now)).toBeNull();
    expect(periodExtendedByPurchase('monthly', [period('2026-11-01T00:00:00', '2026-12-01T00:00:00')], now)).toBeNull();
    // Starts exactly when the new month would end: no day shared.
    expect(periodExtendedByPurchase('monthly', [period('2027-01-04T10:00:00', '2027-02-04T10:00:00')], now)).toBeNull();
  });

  it('extends the period in force, or one that starts before the new one would end', () => {
    const inForce = period('2026-11-20T00:00:00', '2026-12-20T00:00:00');
    expect(periodExtendedByPurchase('monthly', [inForce], now)).toBe(inForce);
    const upcoming = period('2026-12-14T00:00:00', '2027-01-14T00:00:00');
    expect(periodExtendedByPurchase('monthly', [upcoming], now)).toBe(upcoming);
  });

  it('chains: goes after every period the extension would run into', () => {
    const inForce = period('2026-12-04T10:00:00', '2027-01-04T10:00:00');
    const later = period('2027-01-13T10:00:00', '2027-02-13T10:00:00');
    const muchLater = period('2027-06-01T00:00:00', '2027-07-01T00:00:00');
    expect(periodExtendedByPurchase('monthly', [later, muchLater, inForce], now)).toBe(later);
    // Back to back: the second one starts where the first ends.
    const next = period('2027-01-04T10:00:00', '2027-01-05T10:00:00');
    expect(periodExtendedByPurchase('daily', [inForce, next], now)).toBe(next);
  });

  it('returns a period that never ends as it is', () => {
    const endless = period('2026-01-01T00:00:00', null);
    expect(periodExtendedByPurchase('monthly', [period('2026-12-01T00:00:00', '2026-12-10T00:00:00'), endless], now)).toBe(endless);
  });

  it('finds a period a chosen start would share a moment with', () => {
    const held = [period('2026-12-04T10:00:00', '2027-01-04T10:00:00'), period('2027-03-01T00:00:00', '2027-04-01T00:00:00')];
    expect(overlappingPeriod(held, utc('2026-12-20T00:00:00'), utc('2027-01-20T00:00:00'))).toBe(held[0]);
    expect(overlappingPeriod(held, utc('2027-02-15T00:00:00'), utc('2027-03-15T00:00:00'))).toBe(held[1]);
    expect(overlappingPeriod(held, utc('2027-01-04T10:00:00'), utc('2027-02-04T10:00:00'))).toBeNull();
    expect(overlappingPeriod(held, utc('2027-02-01T00:00:00'), utc('2027-03-01T00:00:00'))).toBeNull();
  });
});

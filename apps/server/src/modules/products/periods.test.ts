import { describe, expect, it } from 'vitest';
import { addCalendarMonths, periodEnd } from './periods';

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

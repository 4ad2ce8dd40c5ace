import { describe, expect, it } from 'vitest';
import { analyticsRange, canGoNext, monthOf, nextMonth, previousMonth, windowLabel } from './analytics-window';

const now = new Date('2026-11-23T06:00:00Z');

describe('analyticsRange', () => {
  it('spans six months ending at the chosen month', () => {
    expect(analyticsRange({ year: 2026, month: 11 })).toEqual({ startDate: '2026-06-01', endDate: '2026-11-01' });
  });

  it('crosses the year boundary', () => {
    expect(analyticsRange({ year: 2026, month: 3 })).toEqual({ startDate: '2025-10-01', endDate: '2026-03-01' });
  });
});

describe('month navigation', () => {
  it('cannot go past the current month', () => {
    expect(canGoNext(monthOf(now), now)).toBe(false);
    expect(nextMonth({ year: 2026, month: 11 }, now)).toEqual({ year: 2026, month: 11 });
  });

  it('goes one month forward up to the current month', () => {
    expect(canGoNext({ year: 2026, month: 10 }, now)).toBe(true);
    expect(nextMonth({ year: 2026, month: 10 }, now)).toEqual({ year: 2026, month: 11 });
    expect(nextMonth({ year: 2025, month: 12 }, now)).toEqual({ year: 2026, month: 1 });
  });

  it('goes back one month at a time, across years', () => {
    expect(previousMonth({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 });
  });

  it('uses the UTC month, as the server does', () => {
    expect(monthOf(new Date('2026-11-30T23:30:00-02:00'))).toEqual({ year: 2026, month: 12 });
  });
});

describe('windowLabel', () => {
  it('names the window', () => {
    expect(windowLabel({ year: 2026, month: 11 })).toBe('Jun – Nov 2026');
    expect(windowLabel({ year: 2026, month: 2 })).toBe('Sep 2025 – Feb 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { formatSellPrice, relativeTime, shownStatus, shownTerms, totalBadge, withPlus } from './message-format';
import { shownTotal } from '@kurir/core/list-total';

describe('All Messages formats', () => {
  it('adds a leading + to recipients that lack it', () => {
    expect(withPlus('38640111201')).toBe('+38640111201');
    expect(withPlus('+38640111201')).toBe('+38640111201');
  });

  it('shows the sell price in euros with 2 decimals', () => {
    expect(formatSellPrice('0.079910')).toBe('€0.08');
    expect(formatSellPrice('0.000000')).toBe('€0.00');
    expect(formatSellPrice('1.005000')).toBe('€1.01');
    expect(formatSellPrice('abc')).toBe('—');
  });

  it('knows four statuses and calls anything else unknown', () => {
    expect(shownStatus('delivered')).toBe('delivered');
    expect(shownStatus('failed')).toBe('failed');
    expect(shownStatus('scheduled')).toBe('unknown');
    expect(shownStatus('')).toBe('unknown');
  });

  it('says when a message was sent relative to now, or Unknown', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(relativeTime('2026-11-23T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-23T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-10-01T12:00:00Z', now)).toBe('last month');
    expect(relativeTime('not a date', now)).toBe('Unknown');
    expect(relativeTime(null, now)).toBe('Unknown');
  });

  it('repeats the searched terms without blanks and repeats', () => {
    expect(shownTerms('nomatch,, 38641 ,nomatch')).toBe('nomatch, 38641');
  });

  it('counts all messages, or the matches while searching', () => {
    expect(totalBadge(false, 15, '1234')).toBe('1234 total messages');
    expect(totalBadge(true, 15, shownTotal(1000, true))).toBe('15 of 1000+ results');
    expect(totalBadge(true, 15, '40')).toBe('15 of 40 results');
  });
});

import { describe, expect, it } from 'vitest';
import {
  balanceAfterPurchase,
  purchaseActionFor,
  nowPurchase,
  overlapsOwnedPeriod,
  daysLeft,
  exactUnitPrice,
  daysLeftText,
  formatProductPrice,
  normaliseSenderNameInput,
  senderNameInputProps,
  serviceTimingText,
  productTypeLabel,
  statusBadge,
  userProductBadge,
} from './product-display';

describe('formatProductPrice', () => {
  it('adds the tax percent to the net price and shows 2 decimals', () => {
    expect(formatProductPrice({ net_sell_price: 2.45082, sell_tax_rate: 22 })).toBe('€2.99');
    expect(formatProductPrice({ net_sell_price: 10, sell_tax_rate: 0 })).toBe('€10.00');
    expect(formatProductPrice({ net_sell_price: 10, sell_tax_rate: 9.5 })).toBe('€10.95');
  });
  it('multiplies by the quantity before rounding, as the server charges', () => {
    // 0.065500 net + 22 % = 0.07991 a unit; 3 units are 0.23973, shown as €0.24.
    expect(formatProductPrice({ net_sell_price: 0.0655, sell_tax_rate: 22 }, 3)).toBe('€0.24');
    expect(formatProductPrice({ net_sell_price: 0.0655, sell_tax_rate: 22 }, 1000)).toBe('€79.91');
  });
});

describe('status badges', () => {
  it('uses the spec words', () => {
    expect(['active', 'pending', 'waiting_mobile_provider', 'denied', 'available', 'coming_soon', 'inactive'].map((s) => statusBadge(s).label)).toEqual([
      'Active',
      'Pending',
      'Waiting Provider',
      'Denied',
      'Available',
      'Coming Soon',
      'Inactive',
    ]);
    expect(statusBadge('suspended').label).toBe('suspended');
    expect(statusBadge('').label).toBe('Unknown');
  });
  it('shows a pending custom sender name as Processing', () => {
    expect(userProductBadge({ status: 'pending', active: true, custom_sender_name: 'ACME' }).label).toBe('Processing');
    expect(userProductBadge({ status: 'pending', active: true, custom_sender_name: null }).label).toBe('Pending');
    expect(userProductBadge({ status: 'denied', active: true, custom_sender_name: 'ACME' }).label).toBe('Denied');
  });
});

describe('days left', () => {
  const now = new Date('2025-01-10T12:00:00Z');
  it('counts a started day as a day', () => {
    expect(daysLeft('2025-02-10T12:00:00Z', now)).toBe(31);
    expect(daysLeft('2025-01-11T11:00:00Z', now)).toBe(1);
    expect(daysLeft('2025-01-09T12:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });
  it('reads naturally', () => {
    expect(daysLeftText(0)).toBe('Expires today');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(30)).toBe('30 days left');
  });
});

describe('type labels and sender name input', () => {
  it('names the product types', () => {
    expect(['monthly', 'daily', 'one_time', 'per_unit'].map(productTypeLabel)).toEqual(['Monthly', 'Daily', 'One-time', 'Per unit']);
  });
  it('forces upper case, letters and digits, at most 11', () => {
    expect(normaliseSenderNameInput('acme shop-24')).toBe('ACMESHOP24');
    expect(normaliseSenderNameInput('abcdefghijklmnop')).toBe('ABCDEFGHIJK');
    expect(normaliseSenderNameInput('šped')).toBe('PED');
  });
});

describe('exactUnitPrice', () => {
  it('shows the digits a 2-decimal price hides, for per-unit products only', () => {
    expect(exactUnitPrice({ net_sell_price: 0.0655, sell_tax_rate: 22, type: 'per_unit' })).toBe('€0.07991 per unit');
    // 0.02459 + 22 % = 0.0299998, rounded to the micro-euro: exactly €0.03.
    expect(exactUnitPrice({ net_sell_price: 0.02459, sell_tax_rate: 22, type: 'per_unit' })).toBeNull();
    expect(exactUnitPrice({ net_sell_price: 1, sell_tax_rate: 0, type: 'per_unit' })).toBeNull();
    expect(exactUnitPrice({ net_sell_price: 0.0655, sell_tax_rate: 22, type: 'monthly' })).toBeNull();
  });
});

describe('a service bought with a future start (defect 2)', () => {
  const now = new Date('2025-01-10T12:00:00Z');
  const upcoming = { status: 'active' as const, active: true, starts_at: '2025-02-27T00:00:00Z', expires_at: '2025-03-27T00:00:00Z', custom_sender_name: null };

  it("reads 'Starts on dd.MM.yyyy' with an Upcoming badge, not 'Active … days left'", () => {
    expect(serviceTimingText(upcoming, now)).toMatch(/^Starts on \d\d\.\d\d\.2025$/);
    expect(userProductBadge(upcoming, now)).toEqual({ label: 'Upcoming', color: 'blue' });
  });

  it('counts the days left once it has started', () => {
    const started = { ...upcoming, starts_at: '2025-01-01T00:00:00Z', expires_at: '2025-01-20T12:00:00Z' };
    expect(serviceTimingText(started, now)).toBe('10 days left');
    expect(userProductBadge(started, now).label).toBe('Active');
  });
});

describe('a pasted sender name (defect 5)', () => {
  it('loses its spaces and hyphens before it is cut to 11 characters', () => {
    let value = '';
    const props = senderNameInputProps((v) => (value = v));
    props.onChange({ currentTarget: { value: 'my shop-2024 extra' } });
    expect(value).toBe('MYSHOP2024E');
    // The browser's own cut (maxLength) would run before the clean-up.
    expect(props).not.toHaveProperty('maxLength');
  });
});

describe('the balance after a purchase (defect 6)', () => {
  it('shows what is missing when the balance does not cover it, not €0.00', () => {
    expect(balanceAfterPurchase(5_000_000, 19_990_000)).toEqual({ label: 'Missing to buy this', value: '€14.99', short: true });
    expect(balanceAfterPurchase(25_000_000, 19_990_000)).toEqual({ label: 'Balance after purchase', value: '€5.01', short: false });
  });
});

describe('buying a custom sender name again (defect 1)', () => {
  const product = { id: 'sender', name: 'Custom sender name', type: 'one_time' as const };
  it('is not offered for sale after a denial: the name is re-registered free instead', () => {
    const denied = { product_id: 'sender', status: 'denied' as const, active: true, custom_sender_name: 'NOVAK', starts_at: '2026-01-01T00:00:00.000Z', expires_at: null };
    expect(purchaseActionFor(product, [denied])).toEqual({ label: 'Re-register free in My Services', disabled: true });
    expect(purchaseActionFor(product, [])).toEqual({ label: 'Purchase', disabled: false });
  });
});

describe('buying a service the customer already has: no day paid twice', () => {
  const viber = { id: 'viber', name: 'Viber', type: 'monthly' as const };
  const now = new Date('2026-12-04T10:00:00.000Z');
  const period = (starts_at: string, expires_at: string) => ({ product_id: 'viber', status: 'active' as const, active: true, custom_sender_name: null, starts_at, expires_at });
  const inForce = period('2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z');
  const later = period('2027-01-10T00:00:00.000Z', '2027-02-10T00:00:00.000Z');
  const farAhead = period('2027-03-15T00:00:00.000Z', '2027-04-15T00:00:00.000Z');

  it('says Extend only when buying now extends a period, and which dates it adds', () => {
    expect(purchaseActionFor(viber, [], now)).toEqual({ label: 'Purchase', disabled: false });
    expect(purchaseActionFor(viber, [farAhead], now)).toEqual({ label: 'Purchase', disabled: false });
    expect(nowPurchase(viber, [farAhead], now)).toEqual({ extendsFrom: null, until: new Date('2027-01-04T10:00:00.000Z') });
    expect(purchaseActionFor(viber, [inForce], now)).toEqual({ label: 'Extend', disabled: false });
    // The month after the period in force would run into the later one: it goes after that one.
    expect(nowPurchase(viber, [inForce, later, farAhead], now)).toEqual({ extendsFrom: new Date(later.expires_at), until: new Date('2027-03-10T00:00:00.000Z') });
    expect(purchaseActionFor(viber, [{ ...inForce, status: 'inactive', active: false }], now)).toEqual({ label: 'Purchase', disabled: false });
  });

  it('knows the start days the server refuses', () => {
    expect(overlapsOwnedPeriod(viber, [inForce, farAhead], new Date('2026-12-20T00:00:00.000Z'))).toBe(true);
    expect(overlapsOwnedPeriod(viber, [inForce, farAhead], new Date('2027-02-20T00:00:00.000Z'))).toBe(true);
    expect(overlapsOwnedPeriod(viber, [inForce, farAhead], new Date('2027-01-02T00:00:00.000Z'))).toBe(false);
    expect(overlapsOwnedPeriod({ ...viber, id: 'other' }, [inForce], new Date('2026-12-20T00:00:00.000Z'))).toBe(false);
  });
});

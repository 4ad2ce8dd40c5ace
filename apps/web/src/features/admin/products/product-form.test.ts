import { describe, expect, it } from 'vitest';
import { productBodySchema, type CatalogueProduct } from '@kurir/core';
import { commaToDot, dateInputValue, formatPrice6, productFormValues } from './product-form';

const product: CatalogueProduct = {
  id: 'p1',
  name: 'SMS Message',
  description: 'One SMS',
  type: 'per_unit',
  net_buy_price: 0.03,
  buy_tax_rate: 22,
  net_sell_price: 0.0655,
  sell_tax_rate: 22,
  sellPriceWithTax: 0.07991,
  valid_from: '2024-01-01T00:00:00.000Z',
  valid_to: null,
  status: 'active',
  icon_type: 'sms',
  visible_in_dashboard: false,
  retired: false,
  purchasable: true,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
};

describe('product form', () => {
  it('turns every comma into a dot', () => {
    expect(commaToDot('0,0655')).toBe('0.0655');
    expect(commaToDot('22')).toBe('22');
    expect(commaToDot('1,5,')).toBe('1.5.');
  });

  it('starts a new product with tax rates of 22, active, visible, never expiring, from today', () => {
    const values = productFormValues(null, new Date('2026-11-23T10:00:00Z'));
    expect(values).toMatchObject({
      buy_tax_rate: '22',
      sell_tax_rate: '22',
      status: 'active',
      icon_type: 'default',
      visible_in_dashboard: true,
      never_expires: true,
      valid_from: '2026-11-23',
      valid_to: '',
    });
  });

  it('edits a product from its current values; no end date means never expires', () => {
    const values = productFormValues(product);
    expect(values).toMatchObject({ net_sell_price: '0.0655', valid_from: '2024-01-01', valid_to: '', never_expires: true, icon_type: 'sms' });
    expect(productFormValues({ ...product, valid_to: '2025-06-30T00:00:00.000Z', icon_type: 'rocket' })).toMatchObject({
      valid_to: '2025-06-30',
      never_expires: false,
      icon_type: 'default',
    });
  });

  it('gives values the server schema accepts, with a comma price read as a decimal', () => {
    const values = { ...productFormValues(product), net_sell_price: '0,07' };
    const parsed = productBodySchema.parse(values);
    expect(parsed.net_sell_price).toBe(0.07);
    expect(parsed.valid_to).toBeNull();
  });

  it('reads dates for a date input, and nothing for a missing or broken one', () => {
    expect(dateInputValue('2025-02-03T12:00:00.000Z')).toBe('2025-02-03');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('not a date')).toBe('');
  });

  it('shows prices to 6 decimals', () => {
    expect(formatPrice6(0.07991)).toBe('€0.079910');
    expect(formatPrice6(12)).toBe('€12.000000');
    expect(formatPrice6(undefined)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import type { AvailableProduct, UserProduct } from '@kurir/core/schemas/products';
import { serviceLines } from './services-overview';

const product = (id: string, name: string, purchasable = true): AvailableProduct => ({
  id,
  name,
  description: '',
  icon_type: 'default',
  type: 'monthly',
  net_sell_price: 1,
  sell_tax_rate: 22,
  valid_to: null,
  status: 'active',
  sellPriceWithTax: 1.22,
  purchasable,
});

const owned = (id: string, productId: string, status: UserProduct['status'], active = true): UserProduct => ({
  id,
  product_id: productId,
  product_name: productId,
  product_description: '',
  product_icon: 'default',
  product_type: 'monthly',
  status,
  active,
  quantity: 1,
  purchased_at: '2025-01-01T00:00:00Z',
  starts_at: '2025-01-01T00:00:00Z',
  expires_at: null,
  total_price: 1,
  custom_sender_name: null,
});

describe('serviceLines', () => {
  it('lists bought services first with their best row, then the rest as available, leaving out included ones', () => {
    const lines = serviceLines(
      [product('sms', 'SMS Message', false), product('viber', 'Viber'), product('sched', 'Schedule Send')],
      [owned('old', 'sched', 'inactive', false), owned('new', 'sched', 'active')],
    );
    expect(lines.map((l) => [l.name, l.kind === 'owned' ? l.item.id : l.status])).toEqual([
      ['Schedule Send', 'new'],
      ['Viber', 'available'],
    ]);
  });

  it('keeps a bought service that is no longer on sale', () => {
    const lines = serviceLines([], [owned('x', 'retired', 'active')]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'owned', name: 'retired' });
  });
});

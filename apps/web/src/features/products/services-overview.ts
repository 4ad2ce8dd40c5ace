// The dashboard's one line per add-on service: the user's own status where they have bought it
// (the row that matters most when there are several), the catalogue's status otherwise.
import type { AvailableProduct, UserProduct } from '@kurir/core/schemas/products';

export type ServiceLine =
  | { kind: 'owned'; key: string; name: string; icon: string; item: UserProduct }
  | { kind: 'catalogue'; key: string; name: string; icon: string; status: string };

const RANK: Record<string, number> = { active: 0, pending: 1, waiting_mobile_provider: 2, denied: 3, inactive: 4 };

function rank(p: UserProduct): number {
  return (p.active ? 0 : 10) + (RANK[p.status] ?? 5);
}

export function serviceLines(catalogue: AvailableProduct[], owned: UserProduct[]): ServiceLine[] {
  const best = new Map<string, UserProduct>();
  for (const p of owned) {
    const current = best.get(p.product_id);
    if (!current || rank(p) < rank(current)) best.set(p.product_id, p);
  }
  const lines: ServiceLine[] = [];
  for (const product of catalogue) {
    if (!product.purchasable) continue;
    const item = best.get(product.id);
    best.delete(product.id);
    lines.push(
      item
        ? { kind: 'owned', key: product.id, name: product.name, icon: product.icon_type, item }
        : { kind: 'catalogue', key: product.id, name: product.name, icon: product.icon_type, status: product.status === 'active' ? 'available' : product.status },
    );
  }
  // Bought services no longer on sale still belong to the user.
  for (const item of best.values()) lines.push({ kind: 'owned', key: item.product_id, name: item.product_name, icon: item.product_icon, item });
  // What the user has first, then what they could add.
  return lines.sort((a, b) => Number(a.kind === 'catalogue') - Number(b.kind === 'catalogue'));
}

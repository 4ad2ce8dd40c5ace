// How the catalogue's values read in the admin table and dialog.
import type { CatalogueProduct, ProductType } from '@kurir/core';

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  per_unit: 'Per unit',
  daily: 'Daily',
  monthly: 'Monthly',
  one_time: 'One-time',
};

/** Retired (deleted after it was bought) outranks the stored status: it is off the catalogue. */
export function productState(product: Pick<CatalogueProduct, 'status' | 'retired'>): { label: string; color: string } {
  if (product.retired) return { label: 'Retired', color: 'gray' };
  return product.status === 'active' ? { label: 'Active', color: 'teal' } : { label: 'Inactive', color: 'orange' };
}

/** The table's search: name, description, type and state, case-insensitive. */
export function matchesProductSearch(product: CatalogueProduct, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [product.name, product.description, PRODUCT_TYPE_LABELS[product.type], product.type, productState(product).label]
    .some((text) => text.toLowerCase().includes(term));
}

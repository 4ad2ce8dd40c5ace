// The product dialog's values and rules that are not the schema's (admin spec §3, §5): prices and
// tax rates are typed as text so a decimal comma can become a dot as it is typed; tax rates start
// at 22; 'never expires' stands for an empty Valid To; prices read with 6 decimals.
import {
  PRODUCT_FORM_DEFAULTS,
  PRODUCT_ICON_TYPES,
  eurosToMicros,
  formatEuros,
  type CatalogueProduct,
  type ProductIconType,
  type ProductStatus,
  type ProductType,
} from '@kurir/core';

export type ProductFormValues = {
  name: string;
  description: string;
  type: ProductType;
  net_buy_price: string;
  buy_tax_rate: string;
  net_sell_price: string;
  sell_tax_rate: string;
  valid_from: string;
  valid_to: string;
  never_expires: boolean;
  status: ProductStatus;
  icon_type: ProductIconType;
  visible_in_dashboard: boolean;
};

/** The four fields where a comma becomes a dot. */
export const DECIMAL_FIELDS = ['net_buy_price', 'buy_tax_rate', 'net_sell_price', 'sell_tax_rate'] as const;

/** '0,079' → '0.079': people in Europe type decimal commas; the server reads dots. */
export function commaToDot(value: string): string {
  return value.replace(/,/g, '.');
}

/** 'YYYY-MM-DD' of a stored date, as a date input holds it; '' when there is none. */
export function dateInputValue(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

const isIconType = (value: string): value is ProductIconType => (PRODUCT_ICON_TYPES as readonly string[]).includes(value);

/** A new product starts with the spec's defaults; an edited one with what it is now. */
export function productFormValues(product: CatalogueProduct | null, today = new Date()): ProductFormValues {
  if (!product) {
    return {
      name: '',
      description: '',
      type: 'monthly',
      net_buy_price: '',
      buy_tax_rate: String(PRODUCT_FORM_DEFAULTS.buy_tax_rate),
      net_sell_price: '',
      sell_tax_rate: String(PRODUCT_FORM_DEFAULTS.sell_tax_rate),
      valid_from: dateInputValue(today.toISOString()),
      valid_to: '',
      never_expires: true,
      status: PRODUCT_FORM_DEFAULTS.status,
      icon_type: PRODUCT_FORM_DEFAULTS.icon_type,
      visible_in_dashboard: PRODUCT_FORM_DEFAULTS.visible_in_dashboard,
    };
  }
  return {
    name: product.name,
    description: product.description,
    type: product.type,
    net_buy_price: String(product.net_buy_price ?? ''),
    buy_tax_rate: String(product.buy_tax_rate ?? PRODUCT_FORM_DEFAULTS.buy_tax_rate),
    net_sell_price: String(product.net_sell_price),
    sell_tax_rate: String(product.sell_tax_rate),
    valid_from: dateInputValue(product.valid_from),
    valid_to: dateInputValue(product.valid_to),
    never_expires: product.valid_to === null,
    status: product.status,
    icon_type: isIconType(product.icon_type) ? product.icon_type : 'default',
    visible_in_dashboard: product.visible_in_dashboard,
  };
}

/** '€0.079910': catalogue prices are shown to 6 decimals (admin spec §9). */
export function formatPrice6(euros: number | undefined): string {
  if (euros === undefined) return '—';
  return formatEuros(eurosToMicros(euros), 6);
}

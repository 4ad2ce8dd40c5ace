// The catalogue as admins keep it: GET /api/products (customers: what is on sale; admins: every
// product, inactive and retired too), POST /api/products, PUT /api/products/{id}, DELETE /api/products/{id}.
import { z } from '../zod';
import { DEFAULT_TAX_RATE, PRODUCT_ICON_TYPES, PRODUCT_STATUSES } from '../../constants';
import { PRODUCT_TYPE_VALUES } from '../products';

export const PRODUCT_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  netBuyPriceRequired: 'Net buy price is required',
  buyTaxRateRequired: 'Buy tax rate is required',
  netSellPriceRequired: 'Net sell price is required',
  sellTaxRateRequired: 'Sell tax rate is required',
  validFromRequired: 'Valid from is required',
  priceInvalid: 'Prices must be numbers of at least 0 with at most 6 decimals',
  taxInvalid: 'Tax rates must be numbers from 0 to 100',
  dateInvalid: 'Dates must be valid dates',
  validToBeforeFrom: 'Valid to must be after valid from',
  typeInvalid: 'Type must be per_unit, daily, monthly or one_time',
  nameTaken: 'A product with this name already exists',
  messageProductFixed: 'This product prices every message: it cannot be renamed, retired or deleted.',
  notFound: 'Product not found',
  created: 'The product was created successfully',
  updated: 'The product was updated successfully',
  deleted: 'The product was deleted successfully',
  retired: 'The product was retired: it was bought before, so its buyers keep it until it expires.',
  createFailed: 'Failed to create product',
  updateFailed: 'Failed to update product',
  deleteFailed: 'Failed to delete product',
} as const;

/** A number, or text with a decimal comma or point (the form turns commas into dots; so does this). */
const decimalField = (required: string, invalid: string, max: number) =>
  z
    .union([z.number(), z.string()], { error: required })
    .transform((v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v))
    .refine((v) => v !== '', required)
    .transform((v) => Number(v))
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= max, invalid)
    .refine((v) => Math.abs(Math.round(v * 1e6) - v * 1e6) < 1e-3, invalid);

const dateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => !Number.isNaN(new Date(v).getTime()) && new Date(v).getUTCFullYear() <= 9999, PRODUCT_FORM_MESSAGES.dateInvalid);

const productFields = {
  name: z.string({ error: PRODUCT_FORM_MESSAGES.nameRequired }).trim().min(1, PRODUCT_FORM_MESSAGES.nameRequired).max(100),
  description: z.string({ error: PRODUCT_FORM_MESSAGES.descriptionRequired }).trim().min(1, PRODUCT_FORM_MESSAGES.descriptionRequired).max(1000),
  type: z.enum(PRODUCT_TYPE_VALUES, { error: PRODUCT_FORM_MESSAGES.typeInvalid }),
  /** Euros without tax, up to 6 decimals. */
  net_buy_price: decimalField(PRODUCT_FORM_MESSAGES.netBuyPriceRequired, PRODUCT_FORM_MESSAGES.priceInvalid, 1_000_000),
  /** Percent. */
  buy_tax_rate: decimalField(PRODUCT_FORM_MESSAGES.buyTaxRateRequired, PRODUCT_FORM_MESSAGES.taxInvalid, 100),
  net_sell_price: decimalField(PRODUCT_FORM_MESSAGES.netSellPriceRequired, PRODUCT_FORM_MESSAGES.priceInvalid, 1_000_000),
  sell_tax_rate: decimalField(PRODUCT_FORM_MESSAGES.sellTaxRateRequired, PRODUCT_FORM_MESSAGES.taxInvalid, 100),
  valid_from: dateField(PRODUCT_FORM_MESSAGES.validFromRequired),
  /** Absent, null or empty: no end date. */
  valid_to: z.string().trim().nullish().transform((v) => (v ? v : null)).pipe(z.string().nullable().refine((v) => v === null || !Number.isNaN(new Date(v).getTime()), PRODUCT_FORM_MESSAGES.dateInvalid)),
  /** The form's flag: true clears valid_to. */
  never_expires: z.boolean().optional(),
  status: z.enum(PRODUCT_STATUSES).default('active'),
  icon_type: z.enum(PRODUCT_ICON_TYPES).default('default'),
  visible_in_dashboard: z.boolean().default(true),
};

const withDateOrder = <T extends z.ZodType<{ valid_from: string; valid_to: string | null; never_expires?: boolean }>>(schema: T) =>
  schema.refine((p) => p.never_expires || p.valid_to === null || new Date(p.valid_to) > new Date(p.valid_from), {
    message: PRODUCT_FORM_MESSAGES.validToBeforeFrom,
    path: ['valid_to'],
  });

/** POST /api/products and PUT /api/products/{id} take the whole form. */
export const productBodySchema = withDateOrder(z.strictObject(productFields));
export type ProductBody = z.input<typeof productBodySchema>;
export type ProductInput = z.output<typeof productBodySchema>;

export const PRODUCT_FORM_DEFAULTS = { buy_tax_rate: DEFAULT_TAX_RATE, sell_tax_rate: DEFAULT_TAX_RATE, status: 'active', icon_type: 'default', visible_in_dashboard: true } as const;

/** A catalogue product. Buy prices are the operator's costs: only admins receive them. */
export const catalogueProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(PRODUCT_TYPE_VALUES),
  net_buy_price: z.number().optional(),
  buy_tax_rate: z.number().optional(),
  net_sell_price: z.number(),
  sell_tax_rate: z.number(),
  /** Euros with tax, one unit: for 'SMS Message' and 'Viber Message', the price of one message. */
  sellPriceWithTax: z.number(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  icon_type: z.string(),
  visible_in_dashboard: z.boolean(),
  /** Deleted after it was bought: hidden from the catalogue, kept for its buyers. */
  retired: z.boolean(),
  purchasable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueResponseSchema = z.object({ products: z.array(catalogueProductSchema) });
export const productSavedResponseSchema = z.object({ message: z.string(), product: catalogueProductSchema });
/** 'retired' when the product was ever bought, else 'deleted'. */
export const productDeletedResponseSchema = z.object({ message: z.string(), outcome: z.enum(['deleted', 'retired']) });

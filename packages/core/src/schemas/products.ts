// The wire contract of the catalogue, purchases, message pricing and custom sender name requests.
import { z } from './zod';
import { SENDER_NAME_MAX } from '../constants';

export const PRODUCT_TYPE_VALUES = ['monthly', 'daily', 'per_unit', 'one_time'] as const;
export type ProductType = (typeof PRODUCT_TYPE_VALUES)[number];

/** The products every account has; they price messages and cannot be bought (spec §3). */
export const SMS_MESSAGE_PRODUCT = 'SMS Message';
export const VIBER_MESSAGE_PRODUCT = 'Viber Message';
// Defined with the other plain constants, so a page that only names it does not load zod.
export { CUSTOM_SENDER_PRODUCT } from '../constants';
export const INCLUDED_PRODUCT_NAMES: readonly string[] = [SMS_MESSAGE_PRODUCT, VIBER_MESSAGE_PRODUCT];

export function isPurchasableProductName(name: string): boolean {
  return !INCLUDED_PRODUCT_NAMES.includes(name);
}

export const SENDER_NAME_MESSAGES = {
  required: 'Sender name is required',
  tooLong: `Sender name must be ${SENDER_NAME_MAX} characters or less`,
  lettersAndDigits: 'Sender name may contain only letters and numbers',
} as const;

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  notAvailable: 'This product is not available for purchase.',
  included: (name: string) => `${name} is included by default and cannot be purchased.`,
  quantityOnlyPerUnit: 'Quantity can only be changed for per-unit products.',
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  startDateRequired: 'Please choose a start date.',
  startDateInvalid: 'Start date is not a valid date.',
  startDateInPast: 'Start date cannot be in the past.',
  startDateTooFar: 'Start date must be within the next 12 months.',
  neverExpires: 'You already have this service with no end date.',
  periodOverlaps: (name: string) =>
    `You already have ${name} for some of those days. Choose a start date after that period ends, so no day is paid twice.`,
  senderRequestOpen: 'You already have a Custom Sender Name awaiting approval.',
  purchased: (name: string) => `${name} purchased successfully.`,
  senderSubmitted: 'Your Custom Sender Name has been submitted for approval.',
  senderResubmitted: 'Your new Custom Sender Name has been submitted for approval.',
  noDeniedSender: 'You have no denied Custom Sender Name to re-register.',
  senderDeniedReregister: 'Your Custom Sender Name was denied. Re-register a new name free of charge instead of buying it again.',
  requestNotFound: 'Custom Sender Name request not found',
  sentToProvider: 'Custom Sender Name sent to mobile provider',
  approved: 'Custom Sender Name approved successfully',
  denied: 'Custom Sender Name denied',
} as const;

/**
 * A custom sender name as a network accepts it: trimmed, upper-cased, 1 to 11 ASCII letters and
 * digits (spec §5: the input is forced upper case and cut to 11; the server refuses rather than cuts).
 */
export const customSenderNameSchema = z
  .string({ error: SENDER_NAME_MESSAGES.required })
  .transform((v) => v.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(1, SENDER_NAME_MESSAGES.required)
      .max(SENDER_NAME_MAX, SENDER_NAME_MESSAGES.tooLong)
      .regex(/^[A-Z0-9]+$/, SENDER_NAME_MESSAGES.lettersAndDigits),
  );

export const availableProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon_type: z.string(),
  type: z.enum(PRODUCT_TYPE_VALUES),
  /** Euros without tax. */
  net_sell_price: z.number(),
  /** Percent. */
  sell_tax_rate: z.number(),
  valid_to: z.string().nullable(),
  status: z.string(),
  /** Euros, tax included, for one unit. */
  sellPriceWithTax: z.number(),
  /** False for the included per-message products ('SMS Message', 'Viber Message'). */
  purchasable: z.boolean(),
});
export type AvailableProduct = z.infer<typeof availableProductSchema>;
export const availableProductsResponseSchema = z.object({ products: z.array(availableProductSchema) });

export const USER_PRODUCT_STATUS_VALUES = ['active', 'pending', 'waiting_mobile_provider', 'denied', 'inactive'] as const;
export type UserProductStatus = (typeof USER_PRODUCT_STATUS_VALUES)[number];

export const userProductSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  product_description: z.string(),
  product_icon: z.string(),
  product_type: z.enum(PRODUCT_TYPE_VALUES),
  /** 'inactive' once expired or removed, whatever is stored. */
  status: z.enum(USER_PRODUCT_STATUS_VALUES),
  active: z.boolean(),
  quantity: z.number().int(),
  purchased_at: z.string(),
  starts_at: z.string(),
  /** Null: never expires. */
  expires_at: z.string().nullable(),
  /** Euros paid, tax included. */
  total_price: z.number(),
  custom_sender_name: z.string().nullable(),
});
export type UserProduct = z.infer<typeof userProductSchema>;
export const userProductsResponseSchema = z.object({ userProducts: z.array(userProductSchema) });

export const purchaseBodySchema = z.strictObject({
  productId: z.uuid({ error: PRODUCT_MESSAGES.notFound }),
  quantity: z.number({ error: PRODUCT_MESSAGES.quantityInvalid }).int(PRODUCT_MESSAGES.quantityInvalid).min(1, PRODUCT_MESSAGES.quantityInvalid).max(1_000_000, PRODUCT_MESSAGES.quantityInvalid).default(1),
  startOption: z.enum(['now', 'custom']).default('now'),
  /** ISO 8601 date-time (or date); only with startOption 'custom'. */
  startDate: z.string().nullish(),
  /** Only for the 'Custom sender name' product; validated there with customSenderNameSchema. */
  senderName: z.string().nullish(),
});
export type PurchaseBody = z.input<typeof purchaseBodySchema>;

export const purchaseResponseSchema = z.object({
  /** Euros. */
  newCredit: z.number(),
  userProduct: userProductSchema,
  message: z.string(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

export const reregisterSenderBodySchema = z.strictObject({ senderName: customSenderNameSchema });

export const pricingResponseSchema = z.object({
  /** Euros per message, tax included. */
  sellPriceWithTax: z.number(),
});

export const pendingSenderRequestSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string(),
  custom_sender_name: z.string(),
  purchased_at: z.string(),
  status: z.enum(['pending', 'waiting_mobile_provider']),
});
export type PendingSenderRequest = z.infer<typeof pendingSenderRequestSchema>;
export const pendingSenderRequestsResponseSchema = z.object({ pendingRequests: z.array(pendingSenderRequestSchema) });

// Business constants from the specification (customer §9, admin §9).
export const PRODUCT_NAME = 'Kurir';
export const DOCUMENT_TITLE = `${PRODUCT_NAME} Authentication & Messaging`;
export const STARTER_CREDIT_EUROS = 2;
export const DEFAULT_SENDER_NAME = PRODUCT_NAME;
export const SENDER_NAME_MAX = 11;
export const MESSAGE_MAX_LENGTH = 1000;
export const TOAST_DURATION_MS = 5000;
export const SESSION_REFRESH_MS = 15_000;
export const SESSION_STALE_MS = 30_000;
export const TOP_UP_PRESETS_EUROS = [10, 20, 50, 100] as const;
export const TOP_UP_DEFAULT_EUROS = 20;
export const DEFAULT_VIBER_LIMIT = 7500;
export const CHANNELS = ['sms', 'viber'] as const;
export type Channel = (typeof CHANNELS)[number];
export const ROLES = ['admin', 'user', 'slave'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

// Lists of values stored in the database and sent on the wire, declared once: the drizzle schema
// builds its text enums and check constraints from these, the zod schemas their enums.
export const SIGN_IN_PURPOSES = ['login', 'register'] as const;
export type SignInPurpose = (typeof SIGN_IN_PURPOSES)[number];
/** What a provider's delivery receipt says became of a message. */
export const DELIVERY_RECEIPT_STATUSES = ['delivered', 'failed', 'expired', 'not_on_viber'] as const;
export type DeliveryReceiptStatus = (typeof DELIVERY_RECEIPT_STATUSES)[number];
/** Kinds of balance change in the ledger. */
export const LEDGER_TYPES = [
  'credit', // free starter credit
  'credit_addition', // added by an admin
  'topup', // card payment
  'product_purchase',
  'sms_cost',
  'viber_cost',
  'refund', // the undelivered part of a send, or a cancelled scheduled message
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_ENTRY_STATUSES = ['completed', 'pending', 'failed'] as const;
export type LedgerEntryStatus = (typeof LEDGER_ENTRY_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Whether a product is offered at all (its visibility on the dashboard is separate). */
export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_ICON_TYPES = ['default', 'sms', 'viber', 'premium', 'special', 'sender', 'phonebook', 'api'] as const;
export type ProductIconType = (typeof PRODUCT_ICON_TYPES)[number];

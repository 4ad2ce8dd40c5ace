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

// Administrator area (admin spec §9).
export const ADMIN_SMS_MAX_LENGTH = 160;
export const ADMIN_SENDER_NAME_MIN = 2;
export const DEFAULT_TAX_RATE = 22;
export const USER_TRANSACTIONS_PAGE_SIZE = 20;
export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_PAGE_SIZE_MAX = 100;
export const ALL_MESSAGES_PAGE_SIZE = 15;
export const ALL_MESSAGES_PAGE_SIZE_MAX = 100;
export const SEARCH_DEBOUNCE_MS = 300;
export const PAGINATION_WINDOW = 5;
export const SCHEDULED_REFRESH_MS = 30_000;
export const ANALYTICS_WINDOW_MONTHS = 6;
/** The longest window the analytics route answers. */
export const ANALYTICS_MAX_MONTHS = 24;
export const ANALYTICS_STALE_MS = 30_000;
export const ADMIN_REDIRECT_DELAY_MS = 100;
export const SMS_PROGRESS_TOAST_MS = 2000;
export const CREDIT_ADDITION_MAX_EUROS = 100_000;
/** Rows the admin transaction list and the scheduled list return at most (newest first). */
export const ADMIN_LIST_MAX = 1000;

export const TEMPLATE_CATEGORIES = ['welcome', 'general', 'marketing', 'notification', 'reminder'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];


/** The four summary cards of the admin Transactions page (admin spec §2). */
export const ADMIN_TRANSACTION_SUMMARY_TYPES = ['credit_addition', 'sms_cost', 'purchase', 'top_up'] as const;
export type AdminTransactionSummaryType = (typeof ADMIN_TRANSACTION_SUMMARY_TYPES)[number];
/** Types on the admin list: the four of the spec, plus refunds and the starter credit, shown as they are. */
export const ADMIN_TRANSACTION_TYPES = [...ADMIN_TRANSACTION_SUMMARY_TYPES, 'refund', 'starter_credit'] as const;
export type AdminTransactionType = (typeof ADMIN_TRANSACTION_TYPES)[number];
/** How each ledger type shows on the admin list: Viber costs count as message costs (sms_cost). */
export const ADMIN_TYPE_OF_LEDGER_TYPE: Readonly<Record<LedgerType, AdminTransactionType>> = {
  credit: 'starter_credit',
  credit_addition: 'credit_addition',
  topup: 'top_up',
  product_purchase: 'purchase',
  sms_cost: 'sms_cost',
  viber_cost: 'sms_cost',
  refund: 'refund',
};

/** Admin users list: what it can be sorted by (admin spec §2 "sortable columns"). */
export const ADMIN_USER_SORTS = ['user', 'phone', 'status', 'role', 'credit', 'last_login', 'created_at'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** What the admin Scheduled page shows; 'cancelled' is a deleted scheduled message. */
export const ADMIN_SCHEDULED_STATUSES = ['scheduled', 'pending', 'sent', 'delivered', 'failed', 'cancelled'] as const;
export type AdminScheduledStatus = (typeof ADMIN_SCHEDULED_STATUSES)[number];

/** Everything the audit log records. */
export const AUDIT_ACTIONS = [
  'credit_added',
  'user_updated',
  'user_settings_updated',
  'sms_sent',
  'product_assigned',
  'product_removed',
  'sender_name_sent_to_provider',
  'sender_name_approved',
  'sender_name_denied',
  'product_created',
  'product_updated',
  'product_deleted',
  'product_retired',
  'template_created',
  'template_updated',
  'template_deleted',
  'settings_updated',
  'scheduled_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGETS = ['user', 'product', 'template', 'settings', 'message', 'sender_request'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export const SYSTEM_CHECKS = ['Database', 'SMS API', 'Authentication', 'Storage'] as const;
export const SYSTEM_CHECK_STATES = ['ok', 'degraded', 'down'] as const;
export type SystemCheckState = (typeof SYSTEM_CHECK_STATES)[number];

/** Message statuses (spec §4 "Message status in history"). */
export const MESSAGE_STATUS_VALUES = ['pending', 'sent', 'delivered', 'failed', 'scheduled', 'deleted'] as const;
export type MessageStatus = (typeof MESSAGE_STATUS_VALUES)[number];

/** The catalogue product whose purchase opens the sender-name dialog (spec §3). */
export const CUSTOM_SENDER_PRODUCT = 'Custom sender name';

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

/** Message statuses (spec §4 "Message status in history"). */
export const MESSAGE_STATUS_VALUES = ['pending', 'sent', 'delivered', 'failed', 'scheduled', 'deleted'] as const;
export type MessageStatus = (typeof MESSAGE_STATUS_VALUES)[number];

/** The catalogue product whose purchase opens the sender-name dialog (spec §3). */
export const CUSTOM_SENDER_PRODUCT = 'Custom sender name';

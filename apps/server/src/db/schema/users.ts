// Users, their sessions and their sign-in codes.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CHANNELS, ROLES, SIGN_IN_PURPOSES, USER_STATUSES } from '@kurir/core';
import { isOneOf } from './values';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    companyName: text('company_name'),
    address: text('address'),
    city: text('city'),
    zipCode: text('zip_code'),
    country: text('country'),
    taxId: text('tax_id'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /** Micro-euros. Changed only together with a ledger row (see ledger.ts). */
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    senderName: text('sender_name'),
    primaryChannel: text('primary_channel', { enum: CHANNELS }).notNull().default('sms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (t) => [
    check('users_credit_not_negative', sql`${t.credit} >= 0`),
    check('users_role_known', isOneOf(t.role, ROLES)),
    check('users_status_known', isOneOf(t.status, USER_STATUSES)),
    check('users_primary_channel_known', isOneOf(t.primaryChannel, CHANNELS)),
    // The admin users list sorts by these columns and pages through them (admin spec §2).
    // Newest login first with those who never signed in last (and the reverse): one index serves both.
    index('users_last_login_idx').on(t.lastLogin.desc().nullsLast(), t.id.desc()),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_credit_idx').on(t.credit, t.id),
    index('users_status_idx').on(t.status, t.id),
    index('users_role_idx').on(t.role, t.id),
    index('users_display_name_idx').on(sql`lower(coalesce(${t.companyName}, nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.phone}))`, t.id),
    // Its free-text search (phone, first, last and company name) is a substring search: trigrams.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.phone} || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.companyName}, '')) gin_trgm_ops`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: SIGN_IN_PURPOSES }).notNull(),
    /** HMAC of phone and code with the server key. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The requesting client's network: its IPv4 address, or its IPv6 /64 (http/client-network.ts). */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('sign_in_codes_phone_created_idx').on(t.phone, t.createdAt),
    index('sign_in_codes_ip_created_idx').on(t.ip, t.createdAt),
  ],
);

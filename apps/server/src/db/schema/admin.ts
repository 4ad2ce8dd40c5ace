// The administrator area's own tables: the audit log of every admin action, the global admin
// settings, and SMS templates (shared ones kept by admins, and customers' own).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per admin action, written in the same transaction as the change it records, so the log
 * and the data cannot disagree. Append-only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** What the target was called then (phone, product name), so the log reads after renames. */
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** One row (id = 1): the admin settings. Missing means the defaults. */
export const adminSettings = pgTable(
  'admin_settings',
  {
    id: integer('id').primaryKey().default(1),
    adminSenderName: text('admin_sender_name').notNull(),
    defaultChannel: text('default_channel', { enum: ['sms', 'viber'] }).notNull().default('sms'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    check('admin_settings_single_row', sql`${t.id} = 1`),
    check('admin_settings_channel_known', sql`${t.defaultChannel} in ('sms', 'viber')`),
  ],
);

/**
 * A template is shared (owner null: type Admin when is_admin_template, else type User, offered to
 * every customer) or a customer's own (owner set).
 */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    category: text('category', { enum: ['welcome', 'general', 'marketing', 'notification', 'reminder'] }).notNull(),
    isAdminTemplate: boolean('is_admin_template').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_templates_owner_idx').on(t.ownerUserId, t.createdAt),
    check('sms_templates_owned_are_user_type', sql`${t.ownerUserId} is null or not ${t.isAdminTemplate}`),
    check('sms_templates_category_known', sql`${t.category} in ('welcome', 'general', 'marketing', 'notification', 'reminder')`),
  ],
);

/** The counts and spend a rollup keeps for one user and one period (fresh builders per table). */
function periodTotalsColumns() {
  return {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    smsCount: integer('sms_count').notNull(),
    smsSpent: bigint('sms_spent', { mode: 'number' }).notNull(),
    viberCount: integer('viber_count').notNull(),
    viberSpent: bigint('viber_spent', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * A user's message counts and spend per calendar month (UTC), kept for months that are over and
 * settled: a message counts in the month it left the queue, and its price is final once settled
 * (receipts, Viber fallbacks and refunds land within hours), so a month that ended more than
 * SETTLED_AFTER_DAYS ago no longer changes. Analytics compute those months once and read them
 * here; recent months are counted live. Admin-sent (free) messages are not counted.
 */
export const messageMonthTotals = pgTable('message_month_totals', {
  ...periodTotalsColumns(),
  /** The first day of the month. */
  month: text('month').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.month] })]);

/**
 * The same totals per settled day of the months that are still open (the current month, and the
 * last one for a week), so the analytics count live only the days not yet settled.
 */
export const messageDayTotals = pgTable('message_day_totals', {
  ...periodTotalsColumns(),
  /** The day, YYYY-MM-DD (UTC). */
  day: text('day').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.day] })]);

// The administrator area's own tables: the audit log of every admin action, the global admin
// settings, and SMS templates (shared ones kept by admins, and customers' own).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

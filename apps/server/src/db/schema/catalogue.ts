// The product catalogue and what each user bought (or an admin assigned).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PRODUCT_ICON_TYPES, PRODUCT_STATUSES, PRODUCT_TYPE_VALUES, USER_PRODUCT_STATUS_VALUES } from '@kurir/core';
import { users } from './users';


export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: PRODUCT_TYPE_VALUES }).notNull(),
    /** Micro-euros, without tax. */
    netBuyPrice: bigint('net_buy_price', { mode: 'number' }).notNull().default(0),
    /** Percent, e.g. 22 or 9.5. */
    buyTaxRate: numeric('buy_tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(22),
    netSellPrice: bigint('net_sell_price', { mode: 'number' }).notNull(),
    sellTaxRate: numeric('sell_tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(22),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    iconType: text('icon_type', { enum: PRODUCT_ICON_TYPES }).notNull().default('default'),
    visibleInDashboard: boolean('visible_in_dashboard').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_prices_not_negative', sql`${t.netSellPrice} >= 0 and ${t.netBuyPrice} >= 0`),
    check('products_tax_rates_sane', sql`${t.sellTaxRate} >= 0 and ${t.sellTaxRate} <= 100 and ${t.buyTaxRate} >= 0 and ${t.buyTaxRate} <= 100`),
  ],
);

export const userProducts = pgTable(
  'user_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
    /** See USER_PRODUCT_STATUSES; a custom sender name waits as pending → waiting_mobile_provider → active. */
    status: text('status', { enum: USER_PRODUCT_STATUS_VALUES }).notNull().default('active'),
    /** Paid for and in force (false once removed by an admin). */
    active: boolean('active').notNull().default(true),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null means it never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Micro-euros paid, tax included; 0 when assigned by an admin or re-registered. */
    totalPrice: bigint('total_price', { mode: 'number' }).notNull().default(0),
    customSenderName: text('custom_sender_name'),
    assignedBy: uuid('assigned_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_products_user_idx').on(t.userId),
    check('user_products_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

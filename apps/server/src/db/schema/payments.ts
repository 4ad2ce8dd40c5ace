// Card payments (top-ups). A row is created pending when the customer starts a top-up and turns
// succeeded exactly once, in the same database transaction as the ledger entry that credits it.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDER_NAMES, PAYMENT_STATUSES } from '@kurir/core';
import { isOneOf } from './values';
import { transactions } from './ledger';
import { users } from './users';


export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDER_NAMES }).notNull(),
    /** Stripe's PaymentIntent id (pi_…) or the test provider's id; unique per provider. */
    providerPaymentId: text('provider_payment_id').notNull(),
    /** Micro-euros; always whole cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('eur'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** SHA-256 of the client secret, so the test card form can prove it holds it. */
    clientSecretHash: text('client_secret_hash').notNull(),
    /** The last decline or error the provider reported. */
    failureMessage: text('failure_message'),
    /** The ledger entry that credited it, once succeeded. */
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id_unique').on(t.provider, t.providerPaymentId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_status_known', isOneOf(t.status, PAYMENT_STATUSES)),
  ],
);

// The public API: keys (only their SHA-256 is stored), per-key request counters (rate-limit
// windows and daily usage, both counted in the database so every instance shares them),
// idempotency records, and delivery webhooks (endpoints, the events of message status changes,
// and one delivery row per endpoint and event, which is the delivery queue).
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from 'drizzle-orm/pg-core';
import { timeOrderedUuid } from './ids';
import { users } from './users';
import { messages } from './messages';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    /** The first characters of the key (e.g. `kur_live_AbC1`), shown so a customer can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key: a copy of the table cannot be used to call the API. */
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** Requests per key per day: the "last 30 days" figure is a sum of at most 30 rows. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

/** Fixed-window rate-limit counters, one row per key per window. */
export const apiRateWindows = pgTable(
  'api_rate_windows',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.windowStart] }), index('api_rate_windows_start_idx').on(t.windowStart)],
);

/**
 * One row per (owner, Idempotency-Key): inserted before the request runs (the unique index of its
 * owner makes one concurrent request the winner), completed with the answer it gave. The owner is
 * an API key (/api/v1) or a signed-in user (the web app's paid routes): exactly one of the two.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    keyId: uuid('key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    /**
     * No foreign key, as messages and the ledger have none (0018, 0021): the check would share-lock
     * the user's row, which a send holds; users are never deleted (trigger users_never_deleted).
     */
    userId: uuid('user_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    /**
     * A send's batch id, noted before the send runs: if the request's answer is lost after the
     * send committed (the process died, the connection broke), its messages say it happened and
     * the answer is rebuilt from them instead of the send running again.
     */
    batchId: uuid('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_api_key_idx').on(t.keyId, t.idempotencyKey).where(sql`${t.keyId} is not null`),
    uniqueIndex('idempotency_keys_user_idx').on(t.userId, t.idempotencyKey).where(sql`${t.userId} is not null`),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_one_owner', sql`num_nonnulls(${t.keyId}, ${t.userId}) = 1`),
  ],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    /** The signing secret; the customer needs it back to verify signatures, so it is kept as is. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set after persistent failure; no deliveries are attempted while set. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** A status change of a message, written in the same transaction as the change itself. */
export const messageEvents = pgTable(
  'message_events',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    /** Orders the events of one message. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id),
    type: text('type').notNull(),
    /** The JSON body POSTed to the endpoints. */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_events_message_idx').on(t.messageId, t.seq)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => messageEvents.id),
    messageId: uuid('message_id').notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastLatencyMs: integer('last_latency_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_message_idx')
      .on(t.endpointId, t.messageId, t.eventSeq)
      .where(sql`${t.status} = 'pending'`),
  ],
);

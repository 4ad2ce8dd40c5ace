// Sent, queued and scheduled messages. The rows are also the sending queue: a dispatcher claims
// due rows (status pending or scheduled, next_attempt_at passed, no live lease) with
// FOR UPDATE SKIP LOCKED, so any number of workers split the work without duplicates, and a
// crashed worker's rows become claimable again when their lease (locked_until) runs out.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CHANNELS, DELIVERY_RECEIPT_STATUSES, MESSAGE_STATUS_VALUES, MESSAGE_TYPE_VALUES } from '@kurir/core';
import { timeOrderedUuid } from './ids';
import { isOneOf } from './values';


export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().default(timeOrderedUuid),
    // No foreign key to users (migration 0018): its check, a lookup and row lock of the user per
    // inserted row, was a third of a 1 000-recipient send's insert. Every insert path debits or
    // reads the user in the same transaction, and users are never deleted (a trigger refuses it).
    userId: uuid('user_id').notNull(),
    /** One send (one request); the reference of its ledger debit. */
    batchId: uuid('batch_id').notNull(),
    recipient: text('recipient').notNull(),
    message: text('message').notNull(),
    senderName: text('sender_name').notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPE_VALUES }),
    /** What the customer chose. */
    requestedChannel: text('requested_channel', { enum: CHANNELS }).notNull(),
    /** What carries it now: a Viber message becomes 'sms' when it falls back. */
    channel: text('channel', { enum: CHANNELS }).notNull(),
    status: text('status', { enum: MESSAGE_STATUS_VALUES }).notNull(),
    /** SMS parts of the text (what an SMS, or a Viber fallback, is billed by). */
    parts: integer('parts').notNull(),
    /** Micro-euros debited at send for this message: the most it can cost. */
    reservedPrice: bigint('reserved_price', { mode: 'number' }).notNull(),
    /** Micro-euros it costs as SMS (parts × SMS unit price at send): the fallback's price. */
    smsPrice: bigint('sms_price', { mode: 'number' }).notNull(),
    /** Micro-euros the customer pays on the current channel; final (0 when undelivered) once settled. */
    price: bigint('price', { mode: 'number' }).notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** When the dispatcher may (next) take it: now, the scheduled time, or after a retry backoff. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lease of the dispatcher that claimed it; past it, another dispatcher may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Which claim holds the lease, so a dispatcher whose lease ran out cannot overwrite another's result. */
    leaseToken: uuid('lease_token'),
    attempts: integer('attempts').notNull().default(0),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    errorMessage: text('error_message'),
    /** Viber only: when to stop waiting for a receipt and send it as SMS. */
    fallbackAt: timestamp('fallback_at', { withTimezone: true }),
    /** When it left the queue: accepted by a provider, or finally refused. What statistics count by. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When its final price was fixed and the unused reservation refunded (once). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sent with a test API key: goes to the simulator and costs nothing. */
    test: boolean('test').notNull().default(false),
    /** Set when an administrator sent it to this user (free of charge, from the admin sender name). */
    sentByAdminId: uuid('sent_by_admin_id'),
  },
  (t) => [
    // All Messages (admin): every user's messages newest first. Its search over sender, recipient
    // and text uses the trigram index of send_texts (below); the user's phone is resolved to ids first.
    index('messages_created_idx').on(t.createdAt, t.id),
    index('messages_status_created_idx').on(t.status, t.createdAt),
    // The admin Scheduled page: every message that was ever scheduled.
    index('messages_scheduled_for_idx').on(t.scheduledFor).where(sql`${t.scheduledFor} is not null`),
    // Admin analytics: a user's processed messages by month, channel and price from the index alone.
    index('messages_user_processed_price_idx')
      .on(t.userId, t.processedAt, t.channel, t.price)
      .where(sql`${t.processedAt} is not null and ${t.sentByAdminId} is null`),
    // History: a user's messages newest first, and its filters, walk this index.
    index('messages_user_created_idx').on(t.userId, t.createdAt, t.id),
    // A send's messages: from its row of send_texts (the text searches).
    index('messages_batch_idx').on(t.batchId),
    // The queue: only rows waiting to be sent are in it, so claiming stays cheap however large
    // the table grows.
    // The history's recipient filter finds numbers by how they end (the last digits, or a whole
    // number typed with or without its country code): a prefix search of the reversed number.
    index('messages_user_recipient_suffix_idx').on(t.userId, sql`reverse(${t.recipient}) text_pattern_ops`),
    index('messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'scheduled')`),
    index('messages_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('messages_viber_fallback_idx')
      .on(t.fallbackAt)
      .where(sql`${t.status} = 'sent' and ${t.channel} = 'viber'`),
    // Dashboard statistics count a user's processed messages by status and day from the index alone.
    index('messages_user_processed_idx')
      .on(t.userId, t.processedAt, t.status)
      .where(sql`${t.processedAt} is not null`),
    index('messages_user_scheduled_idx')
      .on(t.userId, t.scheduledFor)
      .where(sql`${t.status} = 'scheduled'`),
    check('messages_status_known', isOneOf(t.status, MESSAGE_STATUS_VALUES)),
    check('messages_channels_known', sql`${isOneOf(t.channel, CHANNELS)} and ${isOneOf(t.requestedChannel, CHANNELS)}`),
    check('messages_price_within_reservation', sql`${t.price} >= 0 and ${t.price} <= ${t.reservedPrice} and ${t.smsPrice} <= ${t.reservedPrice}`),
    check('messages_parts_positive', sql`${t.parts} >= 1`),
  ],
);

/**
 * The searchable text of each send (sender name, text, and its recipients joined by spaces), written
 * once when its messages are inserted and never changed, with the two text indexes: the History's
 * word index and the admin searches' trigram index. One row per send, so a 1 000-recipient send
 * writes its text into the indexes once, not 1 000 times (migration 0020; before it, message_texts
 * held a row per message). Filled by the statement trigger `messages_insert_1_texts` from the
 * statement's transition table, so every insert path is covered. A send's messages are found by
 * messages_batch_idx; every one has the send's sender name and text. Nothing updates these columns
 * of `messages` and nothing deletes messages, so the rows stay equal to their messages'.
 */
export const sendTexts = pgTable(
  'send_texts',
  {
    batchId: uuid('batch_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull(),
    recipients: text('recipients').notNull(),
    /** The send's time: every message of a send has it (one transaction, now()). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** How many messages the send has (its recipients). */
    messageCount: integer('message_count').notNull(),
  },
  (t) => [
    // The history's text filter: words (and word beginnings) are found through this index, and
    // ILIKE then keeps the exact substring; without it a search reads every row of the user.
    index('send_texts_text_search_idx').using('gin', sql`to_tsvector('simple', ${t.message})`),
    // The admin searches (All Messages) over sender, recipient and text as substrings: the sends
    // that may hold a match, whose messages are then tested one by one.
    index('send_texts_admin_search_trgm_idx').using('gin', sql`(${t.senderName} || ' ' || ${t.message} || ' ' || ${t.recipients}) gin_trgm_ops`),
  ],
);

/**
 * Receipts that arrived before the dispatcher stored the provider's id (a fast provider can answer
 * before our update commits). The receipts job applies them once the id is known.
 */
export const unmatchedReceipts = pgTable(
  'unmatched_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status', { enum: DELIVERY_RECEIPT_STATUSES }).notNull(),
    reason: text('reason'),
    errorCode: text('error_code'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unmatched_receipts_received_idx').on(t.receivedAt)],
);

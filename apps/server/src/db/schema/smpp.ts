// SMPP long messages: which parts (the SMSC's ids) make up which message, and the final state each
// part's receipt reported. These stored states decide a long message, whichever process's bind
// its parts' receipts reach, before or after a restart (smpp/part-store.ts).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const smppMessageParts = pgTable(
  'smpp_message_parts',
  {
    /** The SMSC's id of this part. */
    partId: text('part_id').primaryKey(),
    /** The message's id at the SMSC: its first part's id (what the message is recorded under). */
    messageId: text('message_id').notNull(),
    partIndex: integer('part_index').notNull(),
    parts: integer('parts').notNull(),
    /** The part's final receipt: delivered, failed or expired; null while none came. */
    status: text('status'),
    reason: text('reason'),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('smpp_message_parts_message_idx').on(t.messageId), index('smpp_message_parts_created_idx').on(t.createdAt)],
);

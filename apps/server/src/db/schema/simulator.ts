// What the built-in SMS/Viber simulator received. Kept in the database (not in memory) so that
// the web process shows messages sent by any worker process.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CHANNELS } from '@kurir/core';

export const simulatorOutbox = pgTable(
  'simulator_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    text: text('text').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull().default('sms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the receipt handler took this message's receipt; until then a restart reports it again. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [
    index('simulator_outbox_to_created_idx').on(t.to, t.createdAt),
    index('simulator_outbox_unreported_idx').on(t.createdAt).where(sql`${t.reportedAt} is null`),
  ],
);

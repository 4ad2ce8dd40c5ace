// The default id of the tables that grow with every message (messages, the ledger, message events,
// webhook deliveries): a UUID version 7 made by the database function time_ordered_uuid()
// (migration 0022), the time in milliseconds first. Rows inserted one after another then append to
// the right edge of their primary key's B-tree. With gen_random_uuid() every insert landed on a
// random leaf page: with a million messages in the table that page is seldom in memory, and the
// first change of each page after a checkpoint writes the whole page to the WAL (bench/history.md,
// send-at-scale). The statement that writes message events calls the function itself; ids made in
// Node use lib/ids.ts timeOrderedUuid.
import { sql } from 'drizzle-orm';

export const timeOrderedUuid = sql`time_ordered_uuid()`;

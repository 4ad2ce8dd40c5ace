// A list of ids as one uuid[] parameter, for `id = any(…)`. Plans are made for each call's values
// (client.ts), so the planner knows the list's length and finds the rows by primary key. A list
// read from a JSON parameter (jsonb_to_recordset) is estimated at 100 rows whatever its size, and
// 100 probes cost the planner more than reading a table of a few hundred pages: on a new database
// (the peer benchmark's: 20 000 messages, not analyzed yet) mark sent read and hashed the whole
// messages table for each batch of 7 ids, up to 6 ms a call against 0.4 ms.
import { sql, type SQL } from 'drizzle-orm';

export function uuidList(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

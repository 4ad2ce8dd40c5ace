// A list of ids as one uuid[] parameter, for `id = any(…)`. Plans are made for each call's values
// (client.ts), so the planner knows the list's length. A list read from a JSON parameter
// (jsonb_to_recordset) is estimated at 100 rows whatever its size: while the statistics still
// say `messages` is small (a new database, or a burst since the last analyze), the planner then
// chose to read the whole table and hash it for a batch of 7 ids — up to 6 ms a call at 20 000 rows
// in the peer benchmark, against 0.4 ms through the primary key.
import { sql, type SQL } from 'drizzle-orm';

export function uuidList(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

// A store for @fastify/rate-limit that counts in PostgreSQL, so a per-minute limit holds across
// every web instance rather than per process. One upsert per limited request: it starts a new
// window when the old one ended, else adds one, and returns the count and the time left.
// Ended windows are deleted now and then (at most every CLEANUP_MS per process).
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

const CLEANUP_MS = 10 * 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

export function postgresRateLimitStore(db: Database) {
  let lastCleanup = Date.now();

  const cleanUp = () => {
    if (Date.now() - lastCleanup < CLEANUP_MS) return;
    lastCleanup = Date.now();
    db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`)).catch(() => {});
  };

  return class PostgresRateLimitStore {
    /** The route the counters belong to: each limited route counts on its own, as in memory. */
    private readonly scope: string;

    /** The plugin passes its options here; for a route's child, with `routeInfo` (its route options). */
    constructor(params?: object) {
      const route = (params as RouteParams | undefined)?.routeInfo;
      this.scope = route?.url ? `${[route.method].flat().join(',')} ${route.url}` : '';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const id = `${this.scope}|${key}`;
      db.execute(sql`
        insert into rate_limit_hits as h (key, count, reset_at)
        values (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when h.reset_at <= now() then 1 else h.count + 1 end,
          reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
        returning count, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl`)
        .then((result) => {
          const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0]!;
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
          cleanUp();
        })
        .catch((error: Error) => callback(error));
    }

    child(params: object) {
      return new PostgresRateLimitStore(params);
    }
  };
}

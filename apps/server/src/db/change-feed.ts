// Read caches that every instance may keep (sessions, a user's products, message prices), and the
// database's announcement that what they hold has changed. Triggers (migration 0008) notify the
// channel 'kurir_cache' when a session is deleted, a user (other than their balance), a user's
// product or a product changes; each instance LISTENs on one connection and drops all its cached
// values. A value read before an announcement is never stored after it (the generation check),
// and while the listening connection is down nothing is cached at all, so a cache cannot outlive a
// logout, a deactivation, a product change or a price edit made on any instance by more than the
// time the notification takes to arrive. The TTL bounds everything else (time-based expiry).
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DbOrTx } from './client';

export const CHANGE_CHANNEL = 'kurir_cache';
const RECONNECT_MS = 1000;
const MAX_ENTRIES = 10_000;

export class ChangeFeed {
  /** Bumped by every announcement; a value loaded across a bump is not kept. */
  private generation = 0;
  /** Values are cached only while we are listening. */
  live = false;
  private readonly entries = new Map<string, { value: unknown; until: number }>();

  changed(): void {
    this.generation++;
    this.entries.clear();
  }

  async cached<V>(key: string, ttlMs: number, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    if (this.live) {
      const hit = this.entries.get(key);
      if (hit && hit.until > Date.now()) return hit.value as V;
    }
    const generation = this.generation;
    const value = await load();
    if (this.live && generation === this.generation && keep(value)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: Date.now() + ttlMs });
    }
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}

const feeds = new WeakMap<object, ChangeFeed>();

/**
 * `load()`'s value, from this instance's cache when the database's change feed is live. Inside a
 * transaction (or without a feed) it always loads. `keep` decides which values are worth keeping
 * (e.g. not "unknown session", so random cookies cannot fill the cache).
 */
export function cachedRead<V>(db: DbOrTx, key: string, ttlMs: number, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
  const feed = feeds.get(db);
  return feed ? feed.cached(key, ttlMs, load, keep) : load();
}

/** Drops every cached value of this instance at once (the others hear it from the database). */
export function forgetAllCached(db: DbOrTx): void {
  feeds.get(db)?.changed();
}

/** Drops one cached value at once in this instance (the others hear it from the database). */
export function forgetCached(db: DbOrTx, key: string): void {
  feeds.get(db)?.forget(key);
}

/** Starts listening for the database's change announcements; the returned function stops it. */
export async function startChangeFeed(db: DbOrTx, log: { warn(obj: object, msg?: string): void }): Promise<() => Promise<void>> {
  // Without a driver behind it (the route table is built over a stand-in) there is nothing to hear.
  if (feeds.has(db) || !('$client' in db)) return async () => {};
  const client = (db as unknown as { $client: unknown }).$client;
  const feed = new ChangeFeed();
  feeds.set(db, feed);
  if (client instanceof PGlite) {
    const unlisten = await client.listen(CHANGE_CHANNEL, () => feed.changed());
    feed.live = true;
    return async () => {
      feed.live = false;
      feeds.delete(db);
      await unlisten().catch(() => {});
    };
  }
  if (client instanceof pg.Pool) return listenOnPool(client, feed, log, () => feeds.delete(db));
  return async () => {};
}

/** One pooled connection held for LISTEN, re-opened after a failure (caching off meanwhile). */
async function listenOnPool(pool: pg.Pool, feed: ChangeFeed, log: { warn(obj: object, msg?: string): void }, done: () => void) {
  let stopped = false;
  let current: pg.PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    try {
      const client = await pool.connect();
      client.on('notification', () => feed.changed());
      client.on('error', (error) => {
        feed.live = false;
        feed.changed();
        log.warn({ err: error }, 'cache change feed lost; caching off until it is back');
        client.release(error);
        current = null;
        if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
      });
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      current = client;
      feed.changed();
      feed.live = true;
    } catch (error) {
      log.warn({ err: error }, 'cache change feed could not listen; retrying');
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    feed.live = false;
    done();
    if (retry) clearTimeout(retry);
    if (current) {
      await current.query(`UNLISTEN ${CHANGE_CHANNEL}`).catch(() => {});
      current.release();
      current = null;
    }
  };
}

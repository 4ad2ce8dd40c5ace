// Bearer-key authentication of /api/v1, with the per-key rate limit and usage counters. The key is
// looked up by its hash in the database on every request (no cache), so a revoked key is refused at
// once on every instance; the lookup is one indexed read. Counting happens in PostgreSQL too:
// one statement bumps the key's fixed-window counter (INSERT … ON CONFLICT DO UPDATE … RETURNING),
// its daily usage counter and, at most once a minute, its last-used time.
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, type ApiKeyMode } from '@kurir/core';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { queryRows } from '../../db/query-rows';
import type { UserRow } from '../users/user-dto';
import { loadFeatures } from '../users/features';
import { liveKeyNeedsProduct } from './api-keys.service';

export interface ApiKeyIdentity {
  id: string;
  mode: ApiKeyMode;
}

export type RateLimitConfig = Config['api']['rateLimit'];

const invalidKey = (message: string = API_KEY_MESSAGES.invalidKey) => new AppError(401, 'unauthorized', message);

/** Resolves the key of a request and counts it; throws 401/403/429 as AppError. */
export async function authenticateApiKey(
  db: Database,
  limits: RateLimitConfig,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: UserRow; key: ApiKeyIdentity }> {
  const header = request.headers.authorization ?? '';
  const match = /^(\S+)\s+(kur_(?:live|test)_[A-Za-z0-9_-]{16,100})\s*$/.exec(header);
  // The scheme's name is case-insensitive (RFC 9110 §11.1): some clients send `bearer`.
  if (!match || match[1]!.toLowerCase() !== 'bearer') throw invalidKey('Missing or malformed API key: send the header Authorization: Bearer kur_…');
  const [row] = await db
    .select({ user: users, keyId: apiKeys.id, mode: apiKeys.mode, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashToken(match[2]!)));
  if (!row || row.revokedAt) throw invalidKey();
  if (row.user.status === 'inactive') {
    throw new AppError(403, 'account_deactivated', 'Your account has been deactivated.', { accountDeactivated: true });
  }
  const [count, features] = await Promise.all([
    countRequest(db, row.keyId, limits),
    row.mode === 'live' ? loadFeatures(db, row.user.id) : null,
  ]);
  reply.header('ratelimit-limit', String(limits.limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limits.limit - count.requests)));
  reply.header('ratelimit-reset', String(count.resetSeconds));
  if (count.requests > limits.limit) {
    throw new AppError(429, 'rate_limited', `Rate limit of ${limits.limit} requests per ${limits.windowSeconds} s exceeded.`, {
      retryAfter: count.resetSeconds,
    });
  }
  if (features && !features.api) throw liveKeyNeedsProduct();
  return { user: row.user, key: { id: row.keyId, mode: row.mode } };
}

/** Counts one request of the key in its current window; returns the window's count and seconds to its end. */
export async function countRequest(db: Database, keyId: string, limits: RateLimitConfig) {
  const w = limits.windowSeconds;
  const [row] = await queryRows<{ requests: number; reset: string | number }>(db, sql`
    with win as (
      insert into api_rate_windows (key_id, window_start, requests)
      values (${keyId}::uuid, to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w}), 1)
      on conflict (key_id, window_start) do update set requests = api_rate_windows.requests + 1
      returning requests, window_start
    ), usage as (
      insert into api_key_usage (key_id, day, requests) values (${keyId}::uuid, current_date, 1)
      on conflict (key_id, day) do update set requests = api_key_usage.requests + 1
    ), touch as (
      update api_keys set last_used_at = now()
       where id = ${keyId}::uuid and (last_used_at is null or last_used_at < now() - interval '1 minute')
    )
    select requests, ceil(extract(epoch from (window_start + ${w} * interval '1 second' - now()))) as reset from win`);
  return { requests: Number(row!.requests), resetSeconds: Math.max(1, Number(row!.reset)) };
}

/** Old rate-limit windows and usage older than the 30 days anyone reads: removed by a periodic job. */
export async function deleteOldCounters(db: Database, windowSeconds: number): Promise<void> {
  await db.execute(sql`delete from api_rate_windows where window_start < now() - ${windowSeconds * 2} * interval '1 second'`);
  await db.execute(sql`delete from api_key_usage where day < current_date - 35`);
}

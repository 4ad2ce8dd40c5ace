// API keys: created with a name and a mode, shown once, stored as their SHA-256 only, listed with
// their use, revoked. A live key needs the API access product; a test key is free (its messages go
// to the simulator and cost nothing).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS, type ApiKey, type ApiKeyMode, type CreatedApiKey } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { lockUserRow } from '../users/lock-user';
import { hashToken } from '../../lib/tokens';
import { queryRows } from '../../db/query-rows';
import { loadFeatures } from '../users/features';

/** `kur_live_` / `kur_test_` then 192 random bits, URL-safe. */
export function newApiKey(mode: ApiKeyMode): { key: string; prefix: string } {
  const key = `kur_${mode}_${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, `kur_${mode}_`.length + 4) };
}

export const liveKeyNeedsProduct = () => new AppError(403, 'feature_required', API_KEY_MESSAGES.liveNeedsProduct);

/**
 * A new key, at most MAX_ACTIVE_API_KEYS active at once (the rate limit counts per key, so many
 * keys would multiply it); the user's row is locked while the keys are counted, so two requests at
 * once cannot both take the last place. A key revoked while its rate-limit window is still counting
 * requests holds its place until that window ends: otherwise revoking a busy key and creating
 * another gave a fresh window at once, and the limit had no bound.
 */
export async function createApiKey(db: DbOrTx, userId: string, input: { name: string; mode: ApiKeyMode }, rateWindowSeconds: number): Promise<CreatedApiKey> {
  if (input.mode === 'live' && !(await loadFeatures(db, userId)).api) throw liveKeyNeedsProduct();
  const { key, prefix } = newApiKey(input.mode);
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const places = await keyPlacesTaken(tx, userId, rateWindowSeconds);
    if (places.active >= MAX_ACTIVE_API_KEYS) throw conflict(API_KEY_MESSAGES.tooMany, 'too_many_api_keys');
    if (places.active + places.revokedCounting >= MAX_ACTIVE_API_KEYS) {
      throw new AppError(409, 'too_many_api_keys', API_KEY_MESSAGES.tooManyRecentlyUsed(places.freeInSeconds), { retryAfter: places.freeInSeconds });
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name: input.name, mode: input.mode, prefix, keyHash: hashToken(key) })
      .returning({ id: apiKeys.id });
    return { id: row!.id, name: input.name, mode: input.mode, prefix, key };
  });
}

/** The user's active keys, those revoked whose rate window still counts, and when the first of those ends. */
async function keyPlacesTaken(db: DbOrTx, userId: string, windowSeconds: number) {
  const [row] = await queryRows<{ active: number; revoked_counting: number; free_in: number | null }>(db, sql`
    with counting as (
      select k.revoked_at, max(r.window_start) + ${windowSeconds} * interval '1 second' as window_end
        from api_keys k join api_rate_windows r on r.key_id = k.id
       where k.user_id = ${userId}::uuid and k.revoked_at is not null
         and r.window_start > now() - ${windowSeconds} * interval '1 second'
       group by k.id, k.revoked_at
    )
    select (select count(*) from api_keys where user_id = ${userId}::uuid and revoked_at is null)::int as active,
           (select count(*) from counting where window_end > now())::int as revoked_counting,
           (select ceil(extract(epoch from min(window_end) - now())) from counting where window_end > now())::int as free_in`);
  return { active: Number(row!.active), revokedCounting: Number(row!.revoked_counting), freeInSeconds: Math.max(1, Number(row!.free_in ?? 1)) };
}

/** The user's keys, newest first, with their requests of the last 30 days (a sum of daily counters). */
export async function listApiKeys(db: DbOrTx, userId: string): Promise<ApiKey[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    mode: ApiKeyMode;
    prefix: string;
    created_at: string | Date;
    last_used_at: string | Date | null;
    revoked_at: string | Date | null;
    requests: string | number;
  }>(db, sql`
    select k.id, k.name, k.mode, k.prefix, k.created_at, k.last_used_at, k.revoked_at,
           coalesce((select sum(u.requests) from api_key_usage u
                      where u.key_id = k.id and u.day > current_date - 30), 0) as requests
      from api_keys k
     where k.user_id = ${userId}::uuid
     order by k.created_at desc, k.id desc`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    mode: r.mode,
    prefix: r.prefix,
    created_at: iso(r.created_at)!,
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
    requests_30d: Number(r.requests),
  }));
}

/** Revokes at once: every instance looks keys up in the database on every request. */
export async function revokeApiKey(db: DbOrTx, userId: string, keyId: string): Promise<void> {
  if (!UUID.test(keyId)) throw notFound(API_KEY_MESSAGES.notFound);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (!row) throw notFound(API_KEY_MESSAGES.notFound);
}

/** The live (not revoked) key with this secret, or null. */
export async function findActiveKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, mode: apiKeys.mode })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1);
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function iso(value: string | Date | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

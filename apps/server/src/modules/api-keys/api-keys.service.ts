// API keys: created with a name and a mode, shown once, stored as their SHA-256 only, listed with
// their use, revoked. A live key needs the API access product; a test key is free (its messages go
// to the simulator and cost nothing).
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
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
 * once cannot both take the last place.
 */
export async function createApiKey(db: DbOrTx, userId: string, input: { name: string; mode: ApiKeyMode }): Promise<CreatedApiKey> {
  if (input.mode === 'live' && !(await loadFeatures(db, userId)).api) throw liveKeyNeedsProduct();
  const { key, prefix } = newApiKey(input.mode);
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const [active] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (active!.n >= MAX_ACTIVE_API_KEYS) throw conflict(API_KEY_MESSAGES.tooMany, 'too_many_api_keys');
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name: input.name, mode: input.mode, prefix, keyHash: hashToken(key) })
      .returning({ id: apiKeys.id });
    return { id: row!.id, name: input.name, mode: input.mode, prefix, key };
  });
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

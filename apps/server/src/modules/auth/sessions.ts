// Server-side sessions: a random token in an HttpOnly cookie, only its hash in the database,
// with an idle and an absolute expiry.
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { cachedRead, forgetCached } from '../../db/change-feed';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import type { UserRow } from '../users/user-dto';

export const SESSION_COOKIE = 'kurir_session';
/** How stale `last_seen_at` may get before a request refreshes it; avoids a write per request. */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(
  db: DbOrTx,
  config: Config['session'],
  userId: string,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + config.maxAgeMs),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** How long an instance may answer a session from memory (changes are announced; see change-feed.ts). */
const SESSION_CACHE_MS = 5_000;

interface SessionEntry {
  user: UserRow;
  lastSeenAt: Date;
  expiresAt: Date;
}

const sessionKey = (tokenHash: string) => `session:${tokenHash}`;

/** The signed-in user for a cookie token, or null when it is unknown, idle too long or expired. */
export async function findSessionUser(
  db: DbOrTx,
  config: Config['session'],
  token: string,
): Promise<{ user: UserRow; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const entry = await cachedRead(db, sessionKey(tokenHash), SESSION_CACHE_MS, () => loadSession(db, tokenHash), (e) => e !== null);
  const now = new Date();
  // Expiry is checked here, on every request, so a cached session ends on time.
  if (!entry || entry.expiresAt <= now || entry.lastSeenAt.getTime() <= now.getTime() - config.idleMs) return null;
  if (now.getTime() - entry.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    entry.lastSeenAt = now;
  }
  return { user: entry.user, tokenHash };
}

async function loadSession(db: DbOrTx, tokenHash: string): Promise<SessionEntry | null> {
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  forgetCached(db, sessionKey(hashToken(token)));
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Signs a user out everywhere, e.g. when an admin deactivates the account. */
export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx, config: Config['session']): Promise<void> {
  const idleSince = new Date(Date.now() - config.idleMs);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleSince)));
}

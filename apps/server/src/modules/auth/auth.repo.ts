// Queries for sign-in: users by phone and the sign-in codes.
import { and, count, desc, eq, gt, isNull, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInCodes, users } from '../../db/schema';

export async function findUserByPhone(db: DbOrTx, phone: string) {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user ?? null;
}

/** The newest code of a phone that is neither used nor expired. */
export async function findLiveCode(db: DbOrTx, phone: string, now: Date) {
  const [code] = await db
    .select()
    .from(signInCodes)
    .where(and(eq(signInCodes.phone, phone), isNull(signInCodes.consumedAt), gt(signInCodes.expiresAt, now)))
    .orderBy(desc(signInCodes.createdAt))
    .limit(1);
  return code ?? null;
}

export async function countCodesSince(db: DbOrTx, by: { phone: string } | { ip: string }, since: Date) {
  const match = 'phone' in by ? eq(signInCodes.phone, by.phone) : eq(signInCodes.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(signInCodes)
    .where(and(match, gt(signInCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** When the oldest code since `since` was issued: the hourly window frees a place when it ages out. */
export async function oldestCodeSince(db: DbOrTx, by: { phone: string } | { ip: string }, since: Date): Promise<Date | null> {
  const match = 'phone' in by ? eq(signInCodes.phone, by.phone) : eq(signInCodes.ip, by.ip);
  const [row] = await db
    .select({ at: min(signInCodes.createdAt) })
    .from(signInCodes)
    .where(and(match, gt(signInCodes.createdAt, since)));
  return row?.at ?? null;
}

/** Whether the phone asked to register since `since` and has not signed in with that code yet. */
export async function hasPendingRegistration(db: DbOrTx, phone: string, since: Date) {
  const [row] = await db
    .select({ id: signInCodes.id })
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.phone, phone),
        eq(signInCodes.purpose, 'register'),
        isNull(signInCodes.consumedAt),
        gt(signInCodes.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

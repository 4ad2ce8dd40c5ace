// Sign-in with a one-time SMS code: issuing codes (with cooldown and hourly limits), checking
// them (at most five wrong tries, single use), creating the account on first sign-in, sessions.
import { eq, sql } from 'drizzle-orm';
import { CODE_TTL_MINUTES, MAX_CODE_ATTEMPTS, RESEND_COOLDOWN_SECONDS, type SignInPurpose } from '@kurir/core';
import { EMBEDDED_ADMIN_PHONE, type Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { signInCodes, users } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { hashSignInCode, hashesEqual, newSignInCode } from '../../lib/tokens';
import type { SmsProvider } from '../../providers/sms/types';
import { createUserWithStarterCredit } from '../users/create-user';
import type { UserRow } from '../users/user-dto';
import { countCodesSince, findLiveCode, findUserByPhone, hasPendingRegistration, oldestCodeSince } from './auth.repo';
import { createSession } from './sessions';

export const NO_USER = 'No user found with this phone number';
export const USER_EXISTS = 'A user with this phone number already exists';
export const INVALID_CODE = 'Invalid verification code';
export const EXPIRED_CODE = 'Verification code has expired. Please request a new one.';
export const DEACTIVATED =
  'Your account has been deactivated. Please contact support for assistance.';

export interface AuthDeps {
  db: Database;
  config: Config;
  sms: SmsProvider;
  /** The key that hashes sign-in codes. */
  codeKey: string;
}

type Purpose = SignInPurpose;

/** Serialises everything about one phone number across requests and instances. */
async function lockPhone(tx: Tx, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin:' + phone}))`);
}

/**
 * Serialises the code requests of one client address, so a burst for many numbers cannot all
 * pass the hourly count at once. Always taken after the phone's lock, never before it.
 */
async function lockIp(tx: Tx, ip: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'signin-ip:' + ip}))`);
}

const secondsUntil = (date: Date, now: Date) => Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));
const tooMany = (message: string, retryAfter?: number) =>
  new AppError(429, 'too_many_requests', message, retryAfter === undefined ? {} : { retryAfter });

type LiveCode = NonNullable<Awaited<ReturnType<typeof findLiveCode>>>;

/**
 * Whether a code may be issued now (under the phone's lock): the refusal, or the purpose it is
 * issued for and the live code it replaces.
 */
async function checkCodeRequest(
  tx: Tx,
  limits: AuthDeps['config']['limits'],
  input: { phone: string; purpose: Purpose; ip: string },
  now: Date,
): Promise<AppError | { purpose: Purpose; live: LiveCode | null }> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const user = await findUserByPhone(tx, input.phone);
  let purpose = input.purpose;
  if (purpose === 'login' && !user) {
    // The code page's resend asks for a login code (spec §7); for a number that is still
    // registering, that is a new registration code.
    if (!(await hasPendingRegistration(tx, input.phone, hourAgo))) return new AppError(404, 'user_not_found', NO_USER);
    purpose = 'register';
  }
  if (purpose === 'register' && user) return conflict(USER_EXISTS, 'user_exists');

  const live = (await findLiveCode(tx, input.phone, now)) ?? null;
  if (live) {
    const cooldownEnds = new Date(live.createdAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000);
    if (cooldownEnds > now) {
      const wait = secondsUntil(cooldownEnds, now);
      // `codeSent` tells the sign-in form that the code sent moments ago is still good to use.
      return new AppError(429, 'resend_cooldown', `Please wait ${wait} seconds before requesting a new code.`, {
        retryAfter: wait,
        codeSent: true,
      });
    }
  }
  if (live && live.attempts >= MAX_CODE_ATTEMPTS) {
    const wait = secondsUntil(live.expiresAt, now);
    return tooMany(`Too many incorrect attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`, wait);
  }
  if ((await countCodesSince(tx, { phone: input.phone }, hourAgo)) >= limits.codeRequestsPerPhoneHour) {
    const wait = await hourlyWait(tx, { phone: input.phone }, hourAgo, now);
    return tooMany(`Too many verification codes were requested for this number. Please try again ${inWords(wait)}.`, wait);
  }
  await lockIp(tx, input.ip);
  if ((await countCodesSince(tx, { ip: input.ip }, hourAgo)) >= limits.codeRequestsPerIpHour) {
    const wait = await hourlyWait(tx, { ip: input.ip }, hourAgo, now);
    return tooMany(`Too many verification codes were requested from your network. Please try again ${inWords(wait)}.`, wait);
  }
  return { purpose, live };
}

/**
 * The resend never went out, so the code it replaced stays in force with its wrong tries (and any
 * made meanwhile): a failed send is no way to reset them.
 */
async function withdrawUnsentCode(db: AuthDeps['db'], phone: string, issued: { id: string; replaced: LiveCode | null }) {
  await db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const [unsent] = await tx.delete(signInCodes).where(eq(signInCodes.id, issued.id)).returning({ attempts: signInCodes.attempts });
    const { replaced } = issued;
    if (replaced) {
      await tx
        .update(signInCodes)
        .set({ expiresAt: replaced.expiresAt, attempts: Math.max(replaced.attempts, unsent?.attempts ?? 0) })
        .where(eq(signInCodes.id, replaced.id));
    }
  });
}

/** Seconds until the oldest code of the hourly window ages out and a new one may be asked for. */
async function hourlyWait(tx: Tx, by: { phone: string } | { ip: string }, hourAgo: Date, now: Date) {
  const oldest = await oldestCodeSince(tx, by, hourAgo);
  return oldest ? secondsUntil(new Date(oldest.getTime() + 3_600_000), now) : 60;
}

/** "in 12 minutes", "in 1 minute" (rounded up: never earlier than it is allowed). */
function inWords(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** `ip`: the client's network (http/client-network.ts), which the hourly limit per address counts by. */
export async function requestCode(deps: AuthDeps, input: { phone: string; purpose: Purpose; ip: string }) {
  const { db, config } = deps;
  const code = newSignInCode();
  const issued = await db.transaction(async (tx) => {
    await lockPhone(tx, input.phone);
    const now = new Date();
    const checked = await checkCodeRequest(tx, config.limits, input, now);
    if (checked instanceof AppError) return checked;
    const { purpose, live } = checked;
    if (live) {
      // A resend replaces the live code but keeps its wrong tries, so resending is no way around
      // the five-try limit.
      await tx.update(signInCodes).set({ expiresAt: now }).where(eq(signInCodes.id, live.id));
    }
    const [row] = await tx
      .insert(signInCodes)
      .values({
        phone: input.phone,
        purpose,
        codeHash: hashSignInCode(deps.codeKey, input.phone, code),
        attempts: live?.attempts ?? 0,
        ip: input.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      })
      .returning({ id: signInCodes.id });
    return { id: row!.id, replaced: live };
  });
  if (issued instanceof AppError) throw issued;

  try {
    await deps.sms.submit({
      id: `signin-${issued.id}`,
      to: input.phone,
      from: config.sms.defaultSender,
      text: `Your Kurir verification code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      channel: 'sms',
    });
  } catch (error) {
    await withdrawUnsentCode(db, input.phone, issued);
    // The provider's reason goes to the log (an enumerable field, so the error serializer keeps
    // it), not to the caller, and never with the code in it.
    throw Object.assign(
      new AppError(503, 'sms_unavailable', 'Could not send the verification code. Please try again.'),
      { reason: String(error).replaceAll(code, '######') },
    );
  }
}

export interface VerifiedSignIn {
  user: UserRow;
  isNewUser: boolean;
  token: string;
}

export async function verifyCode(
  deps: AuthDeps,
  input: { phone: string; code: string; ip: string; userAgent?: string },
): Promise<VerifiedSignIn> {
  const { db, config } = deps;
  // Decided inside the transaction and thrown after it, so a wrong try's count is committed.
  const outcome = await db.transaction(async (tx): Promise<VerifiedSignIn | AppError> => {
    await lockPhone(tx, input.phone);
    const now = new Date();
    const live = await findLiveCode(tx, input.phone, now);
    if (!live) return new AppError(400, 'code_expired', EXPIRED_CODE);
    if (live.attempts >= MAX_CODE_ATTEMPTS) {
      return tooMany('Too many incorrect attempts. Please request a new code later.', secondsUntil(live.expiresAt, now));
    }
    if (!hashesEqual(live.codeHash, hashSignInCode(deps.codeKey, input.phone, input.code))) {
      await tx.update(signInCodes).set({ attempts: sql`${signInCodes.attempts} + 1` }).where(eq(signInCodes.id, live.id));
      return new AppError(400, 'invalid_code', INVALID_CODE);
    }
    await tx.update(signInCodes).set({ consumedAt: now }).where(eq(signInCodes.id, live.id));

    let user = await findUserByPhone(tx, input.phone);
    const isNewUser = !user;
    if (!user) {
      if (live.purpose !== 'register') return new AppError(400, 'invalid_code', INVALID_CODE);
      const role = config.adminPhones.includes(input.phone) ? 'admin' : 'user';
      await createUserWithStarterCredit(tx, input.phone, role);
      user = (await findUserByPhone(tx, input.phone))!;
    }
    if (user.status === 'inactive') {
      return new AppError(403, 'account_deactivated', DEACTIVATED, { accountDeactivated: true });
    }
    const promote = config.adminPhones.includes(input.phone) && user.role !== 'admin';
    const [updated] = await tx
      .update(users)
      .set({ lastLogin: now, ...(promote ? { role: 'admin' as const } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    const token = await createSession(tx, config.session, user.id, { ip: input.ip, userAgent: input.userAgent });
    return { user: updated!, isNewUser, token };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** Makes sure the configured admin numbers have admin accounts, so they can sign in at /login. */
export async function ensureAdminUsers(db: Database, adminPhones: string[]) {
  for (const phone of adminPhones) {
    await db.transaction(async (tx) => {
      await lockPhone(tx, phone);
      const user = await findUserByPhone(tx, phone);
      if (!user) await createUserWithStarterCredit(tx, phone, 'admin');
      else if (user.role !== 'admin') await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    });
  }
}

/**
 * Whether the embedded default's admin number holds an active admin account though ADMIN_PHONES
 * does not name it: a production start from before that default was dropped there gave it one.
 */
export async function defaultAdminLeftOver(db: Database, adminPhones: string[]): Promise<boolean> {
  if (adminPhones.includes(EMBEDDED_ADMIN_PHONE)) return false;
  const user = await findUserByPhone(db, EMBEDDED_ADMIN_PHONE);
  return user?.role === 'admin' && user.status === 'active';
}

export const DEFAULT_ADMIN_LEFT_OVER_WARNING =
  `${EMBEDDED_ADMIN_PHONE} (the built-in demo admin number) is still an administrator though ADMIN_PHONES does not name it. ` +
  'Unless that number is yours, make it a customer or deactivate it in the admin area (Users).';

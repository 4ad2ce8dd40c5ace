// Random secrets and the hashes we store instead of them: the database never holds a session
// token or a sign-in code in a form that can be used.
import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: a session token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A token has 256 bits of entropy, so a plain SHA-256 is enough to make a stolen table useless.
 * Every signed-in request hashes its cookie: the one-shot `hash` takes half the time of a Hash object.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Six digits from the cryptographic generator, leading zeros kept. */
export function newSignInCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * A 6-digit code has only a million values, so it is hashed with a server-side key (and bound to
 * the phone): a copy of the database alone cannot be brute-forced back to live codes.
 */
export function hashSignInCode(key: string, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

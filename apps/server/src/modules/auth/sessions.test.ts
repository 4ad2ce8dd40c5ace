// Sessions through the real routes: the cookie, logging out, deactivation, the idle and the
// absolute expiry, and that only the token's hash is stored.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { deleteUserSessions } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_HOURS: '2', SESSION_MAX_DAYS: '30' });
});
afterAll(() => t?.close());

let numbers = 0;
const newPhone = () => `+38651${String(++numbers).padStart(6, '0')}`;

const me = (cookie?: string, app = t) =>
  app.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
const logout = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers: cookie ? { cookie } : {} });
const tokenOf = (cookie: string) => cookie.replace(/^kurir_session=/, '');
const hashOf = (cookie: string) => createHash('sha256').update(tokenOf(cookie)).digest('hex');

/** Registers through the API and returns the verify response with its session cookie. */
async function registerAndVerify(app: TestApp, phone: string) {
  await app.app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone } });
  const res = await app.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone, code: await app.lastCode(phone) } });
  expect(res.statusCode).toBe(200);
  return { res, cookie: res.cookies.find((c) => c.name === 'kurir_session')! };
}

async function sessionRow(cookie: string) {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashOf(cookie)));
  return row;
}

/** Moves a session's `last_seen_at` back by `hours`. */
async function idle(cookie: string, hours: number) {
  await t.db
    .update(sessions)
    .set({ lastSeenAt: sql`${sessions.lastSeenAt} - ${`${hours} hours`}::interval` })
    .where(eq(sessions.tokenHash, hashOf(cookie)));
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole site, as long as a session may live, not Secure by default', async () => {
    const { cookie } = await registerAndVerify(t, newPhone());
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86_400 });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
  });

  it('is Secure with COOKIE_SECURE=true', async () => {
    const app = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const { res, cookie } = await registerAndVerify(app, newPhone());
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    } finally {
      await app.close();
    }
  });

  it('is stored only as its SHA-256', async () => {
    const phone = newPhone();
    const cookie = await t.signIn(phone);
    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(tokenOf(cookie));
    expect(rows[0]!.tokenHash).toBe(hashOf(cookie));
  });

  it('is refused when unknown or tampered with', async () => {
    const cookie = await t.signIn(newPhone());
    expect((await me(`${cookie}x`)).statusCode).toBe(401);
    expect((await me('kurir_session=not-a-session')).statusCode).toBe(401);
    // The stored hash used as a cookie is no way in either.
    expect((await me(`kurir_session=${hashOf(cookie)}`)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('logging out', () => {
  it('ends the session: its row is gone and the old cookie gets 401', async () => {
    const cookie = await t.signIn(newPhone());
    expect((await me(cookie)).statusCode).toBe(200);

    const res = await logout(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Logged out' });
    const cleared = res.cookies.find((c) => c.name === 'kurir_session');
    expect(cleared?.value).toBe('');
    expect(await sessionRow(cookie)).toBeUndefined();

    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: expect.any(String) });
  });

  it('ends only that session, not the user’s others', async () => {
    const phone = newPhone();
    const first = await t.signIn(phone);
    const second = await t.signIn(phone);
    await logout(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('is harmless without a cookie or with an unknown one', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Logged out' });
    expect((await logout('kurir_session=unknown')).statusCode).toBe(200);
  });
});

describe('a deactivated user', () => {
  it('is signed out everywhere when an admin deletes their sessions', async () => {
    const phone = newPhone();
    const first = await t.signIn(phone);
    const second = await t.signIn(phone);
    const [user] = await t.db
      .update(users)
      .set({ status: 'inactive' })
      .where(eq(users.phone, phone))
      .returning({ id: users.id });
    await deleteUserSessions(t.db, user!.id);
    for (const cookie of [first, second]) {
      expect((await me(cookie)).statusCode).toBe(401);
      expect(await sessionRow(cookie)).toBeUndefined();
    }
  });

  it('is refused with 403 on a session that is still there', async () => {
    const phone = newPhone();
    const cookie = await t.signIn(phone);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.phone, phone));
    const res = await me(cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ accountDeactivated: true, message: expect.stringMatching(/deactivated/) });

    await t.db.update(users).set({ status: 'active' }).where(eq(users.phone, phone));
    // Written behind the app's back: a cached session hears of it through the database's NOTIFY.
    await expect.poll(async () => (await me(cookie)).statusCode, { timeout: 5000 }).toBe(200);
  });
});

describe('a session expires', () => {
  it('after SESSION_IDLE_HOURS without a request', async () => {
    const cookie = await t.signIn(newPhone());
    await idle(cookie, 2.1);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('not while it is used: a request moves last_seen_at forward', async () => {
    const cookie = await t.signIn(newPhone());
    await idle(cookie, 1.9);
    const before = (await sessionRow(cookie))!.lastSeenAt;
    expect((await me(cookie)).statusCode).toBe(200);
    const after = (await sessionRow(cookie))!.lastSeenAt;
    expect(after.getTime()).toBeGreaterThan(before.getTime() + 1.8 * 3_600_000);
    // 1.9 more hours idle are fine again, counted from that request.
    await idle(cookie, 1.9);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('at expires_at, however active', async () => {
    const cookie = await t.signIn(newPhone());
    const row = (await sessionRow(cookie))!;
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashOf(cookie)));
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

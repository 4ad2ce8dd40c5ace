// Sign-in by SMS code through the real routes, on the real database (spec §5, §7, §8):
// registering, logging in, the rules of a code, the hourly limits, and what is stored and logged.
import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessions, signInCodes, transactions, users } from '../../db/schema';
import { SimulatorProvider } from '../../providers/sms/simulator/simulator';
import type { SmsProvider } from '../../providers/sms/types';
import { EMBEDDED_ADMIN_PHONE } from '../../config';
import { TEST_ADMIN_PHONE, createTestApp, type TestApp } from '../../test/helper';
import { defaultAdminLeftOver, ensureAdminUsers } from './auth.service';

let t: TestApp;
// One app for the file; the per-IP and per-minute limits are raised because every request comes
// from the same address. The limits have their own apps below.
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

let numbers = 0;
/** A number no other test uses. */
const newPhone = () => `+38641${String(++numbers).padStart(6, '0')}`;

const post = (app: TestApp, url: string, payload: unknown, remoteAddress?: string) =>
  app.app.inject({ method: 'POST', url, payload: payload as object, ...(remoteAddress ? { remoteAddress } : {}) });
const register = (phone: string, app = t) => post(app, '/api/auth/register', { phone });
const requestLogin = (phone: string, app = t) => post(app, '/api/auth/request-verification', { phone });
const verify = (phone: string, code: string, app = t) => post(app, '/api/auth/verify', { phone, code });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/** A 6-digit code that is not `code`. */
const wrongFor = (code: string) => (code === '123456' ? '654321' : '123456');
const sessionToken = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'kurir_session')?.value;

/** Moves a phone's codes back in time, as if `seconds` had passed since they were sent. */
async function ageCodes(phone: string, seconds: number, app = t) {
  const by = sql`${`${seconds} seconds`}::interval`;
  await app.db
    .update(signInCodes)
    .set({ createdAt: sql`${signInCodes.createdAt} - ${by}` })
    .where(eq(signInCodes.phone, phone));
}

async function userRow(phone: string) {
  const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
  return row!;
}

async function sessionCount(phone: string) {
  const user = await userRow(phone);
  return (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
}

describe('registering and logging in', () => {
  it('registers a new number: the user with €2, one ledger row, a session', async () => {
    const phone = newPhone();
    const sent = await register(phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: 'Verification code sent' });

    const res = await verify(phone, await t.lastCode(phone));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isNewUser: true, accountDeactivated: false, message: 'Account created successfully' });
    expect(body.user).toMatchObject({ phone, credit: 2, role: 'user', status: 'active' });
    expect(body.user.last_login).not.toBeNull();

    const ledger = await t.db.select().from(transactions).where(eq(transactions.userId, body.user.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ type: 'credit', amount: 2_000_000, balanceBefore: 0, balanceAfter: 2_000_000 });
    expect((await userRow(phone)).credit).toBe(2_000_000);

    const who = await me(`kurir_session=${sessionToken(res)}`);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ id: body.user.id, phone, credit: 2 });
  });

  it('logs in again later: isNewUser false, a new token, last_login updated, no second credit', async () => {
    const phone = newPhone();
    await register(phone);
    const first = await verify(phone, await t.lastCode(phone));
    const firstLogin = (await userRow(phone)).lastLogin!;
    expect(firstLogin).toBeInstanceOf(Date);

    const sent = await requestLogin(phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: 'Verification code sent' });
    const again = await verify(phone, await t.lastCode(phone));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isNewUser: false, accountDeactivated: false, message: 'Login successful' });
    expect(again.json().user.credit).toBe(2);

    expect(sessionToken(again)).toBeTruthy();
    expect(sessionToken(again)).not.toBe(sessionToken(first));
    expect((await userRow(phone)).lastLogin!.getTime()).toBeGreaterThanOrEqual(firstLogin.getTime());
    const ledger = await t.db.select().from(transactions).where(eq(transactions.userId, again.json().user.id));
    expect(ledger).toHaveLength(1);
    // Both sessions stay valid: signing in on a second device does not sign out the first.
    expect((await me(`kurir_session=${sessionToken(first)}`)).statusCode).toBe(200);
    expect((await me(`kurir_session=${sessionToken(again)}`)).statusCode).toBe(200);
  });

  it('strips spaces from the phone number', async () => {
    expect((await register('+386 41 900 111')).statusCode).toBe(200);
    const res = await verify('+386 41 900 111', await t.lastCode('+38641900111'));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phone).toBe('+38641900111');
    expect((await requestLogin(' +386 41 900 111 ')).statusCode).toBe(200);
  });

  it('gives the ADMIN_PHONES number the admin role and any other number the user role', async () => {
    await register(TEST_ADMIN_PHONE);
    const admin = await verify(TEST_ADMIN_PHONE, await t.lastCode(TEST_ADMIN_PHONE));
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('admin');

    const phone = newPhone();
    await register(phone);
    expect((await verify(phone, await t.lastCode(phone))).json().user.role).toBe('user');
  });

  it('promotes an existing account whose number is in ADMIN_PHONES when it signs in', async () => {
    await t.signIn(TEST_ADMIN_PHONE);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.phone, TEST_ADMIN_PHONE));
    await requestLogin(TEST_ADMIN_PHONE);
    const res = await verify(TEST_ADMIN_PHONE, await t.lastCode(TEST_ADMIN_PHONE));
    expect(res.json().user.role).toBe('admin');
    expect((await userRow(TEST_ADMIN_PHONE)).role).toBe('admin');
  });
});

describe('what the forms send', () => {
  it('refuses to register a known number (409) and to log in an unknown one (404)', async () => {
    const phone = newPhone();
    await t.signIn(phone);
    const again = await register(phone);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A user with this phone number already exists');

    const unknown = await requestLogin(newPhone());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('No user found');
  });

  it.each([
    ['a number without +', { phone: '38641000111' }, 'Enter a valid phone number with country code (e.g., +386123456789)'],
    ['a too short number', { phone: '+386410' }, 'Enter a valid phone number with country code (e.g., +386123456789)'],
    ['a too long number', { phone: '+3864100011122233' }, 'Enter a valid phone number with country code (e.g., +386123456789)'],
    ['letters', { phone: '+38641abc111' }, 'Enter a valid phone number with country code (e.g., +386123456789)'],
    ['no phone', {}, 'Phone number is required'],
    ['an empty phone', { phone: '' }, 'Phone number is required'],
    ['only spaces', { phone: '   ' }, 'Phone number is required'],
  ])('answers 400 to %s', async (_, body, message) => {
    for (const url of ['/api/auth/register', '/api/auth/request-verification']) {
      const res = await post(t, url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
  });

  it.each([
    ['five digits', '12345', 'Enter a valid 6-digit code'],
    ['seven digits', '1234567', 'Enter a valid 6-digit code'],
    ['letters', 'abcdef', 'Enter a valid 6-digit code'],
    ['an empty code', '', 'Verification code is required'],
  ])('answers 400 to a code of %s', async (_, code, message) => {
    const res = await verify(newPhone(), code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('answers 400 to a verify without a phone or without a code', async () => {
    expect((await post(t, '/api/auth/verify', { code: '123456' })).json()).toMatchObject({ message: 'Phone number is required' });
    expect((await post(t, '/api/auth/verify', { phone: newPhone() })).json()).toMatchObject({
      message: 'Verification code is required',
    });
  });

  it('sends no code for a refused request', async () => {
    const phone = newPhone();
    await requestLogin(phone);
    await expect(t.lastCode(phone)).rejects.toThrow(/No code was sent/);
  });
});

describe('a code', () => {
  it('is refused when wrong', async () => {
    const phone = newPhone();
    await register(phone);
    const res = await verify(phone, wrongFor(await t.lastCode(phone)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid verification code' });
    expect(sessionToken(res)).toBeUndefined();
  });

  it('is refused after five wrong tries, even when right (429)', async () => {
    const phone = newPhone();
    await register(phone);
    const code = await t.lastCode(phone);
    for (let i = 0; i < 5; i++) expect((await verify(phone, wrongFor(code))).statusCode).toBe(400);
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/too many incorrect attempts/i);
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('is not resent within 60 seconds: 429 with retryAfter and Retry-After', async () => {
    const phone = newPhone();
    await register(phone);
    for (let i = 0; i < 2; i++) {
      const res = await register(phone);
      expect(res.statusCode).toBe(429);
      const { retryAfter, message } = res.json();
      expect(typeof retryAfter).toBe('number');
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(message).toContain(`${retryAfter} seconds`);
      expect(res.headers['retry-after']).toBe(String(retryAfter));
    }
    // Half the cooldown has passed: the wait shrinks.
    await ageCodes(phone, 30);
    expect((await register(phone)).json().retryAfter).toBeLessThanOrEqual(30);
    // The first code was not replaced by the refused resends.
    expect(await t.db.select().from(signInCodes).where(eq(signInCodes.phone, phone))).toHaveLength(1);
  });

  it('is replaced by a resend after the cooldown, which keeps the wrong tries', async () => {
    const phone = newPhone();
    await register(phone);
    const first = await t.lastCode(phone);
    for (let i = 0; i < 3; i++) expect((await verify(phone, wrongFor(first))).statusCode).toBe(400);

    await ageCodes(phone, 61);
    expect((await register(phone)).statusCode).toBe(200);
    const second = await t.lastCode(phone);
    const [firstRow, secondRow] = await t.db
      .select()
      .from(signInCodes)
      .where(eq(signInCodes.phone, phone))
      .orderBy(signInCodes.createdAt);
    expect(secondRow!.attempts).toBe(3);
    expect(firstRow!.expiresAt.getTime()).toBeLessThanOrEqual(secondRow!.createdAt.getTime());

    for (let i = 0; i < 2; i++) expect((await verify(phone, wrongFor(second))).statusCode).toBe(400);
    expect((await verify(phone, second)).statusCode).toBe(429);
    // With five wrong tries a resend is refused too, until the code expires.
    await ageCodes(phone, 61);
    expect((await register(phone)).statusCode).toBe(429);
  });

  it('from before a resend no longer works', async () => {
    const phone = newPhone();
    await register(phone);
    const first = await t.lastCode(phone);
    await ageCodes(phone, 61);
    await register(phone);
    const second = await t.lastCode(phone);
    if (second !== first) expect((await verify(phone, first)).statusCode).toBe(400);
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it('is resent by request-verification while the number is still registering (the code page’s resend)', async () => {
    const phone = newPhone();
    await register(phone);
    const first = await t.lastCode(phone);
    expect((await requestLogin(phone)).statusCode).toBe(429); // the cooldown holds here too
    await ageCodes(phone, 61);
    expect((await requestLogin(phone)).statusCode).toBe(200);
    const second = await t.lastCode(phone);
    if (second !== first) expect((await verify(phone, first)).statusCode).toBe(400);
    const res = await verify(phone, second);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isNewUser: true, user: { phone, credit: 2 } });
    // A registration more than an hour old is no longer pending: log in means log in again.
    const stale = newPhone();
    await register(stale);
    await ageCodes(stale, 3601);
    expect((await requestLogin(stale)).statusCode).toBe(404);
  });

  it('works once', async () => {
    const phone = newPhone();
    await register(phone);
    const code = await t.lastCode(phone);
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(sessionToken(again)).toBeUndefined();
    expect(await sessionCount(phone)).toBe(1);
  });

  it('is refused once expired', async () => {
    const phone = newPhone();
    await register(phone);
    const code = await t.lastCode(phone);
    await t.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.phone, phone));
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/i);
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    // An expired code does not hold back a new one.
    expect((await register(phone)).statusCode).toBe(200);
  });

  it('lives 10 minutes', async () => {
    const phone = newPhone();
    await register(phone);
    const [row] = await t.db.select().from(signInCodes).where(eq(signInCodes.phone, phone));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('is stored only as a keyed hash', async () => {
    const phone = newPhone();
    await register(phone);
    const code = await t.lastCode(phone);
    const [row] = await t.db.select().from(signInCodes).where(eq(signInCodes.phone, phone));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    // Not a plain hash either: without the server key a copy of the table cannot be brute-forced.
    for (const plain of [code, `${phone}:${code}`]) {
      expect(row!.codeHash).not.toBe(createHash('sha256').update(plain).digest('hex'));
    }
  });

  it.each(['register', 'login'] as const)('verified 50 times at once signs in exactly once (%s)', async (flow) => {
    const phone = newPhone();
    if (flow === 'login') {
      await t.signIn(phone);
      const user = await userRow(phone);
      await t.db.delete(sessions).where(eq(sessions.userId, user.id));
      await requestLogin(phone);
    } else {
      await register(phone);
    }
    const code = await t.lastCode(phone);
    const results = await Promise.all(Array.from({ length: 50 }, () => verify(phone, code)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 400)).toBe(true);
    expect(await sessionCount(phone)).toBe(1);
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
    const user = await userRow(phone);
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, user.id))).toHaveLength(1);
  });
});

describe('hourly limits', () => {
  it('limits the codes per number', async () => {
    const app = await createTestApp({ CODE_REQUESTS_PER_PHONE_HOUR: '2' });
    try {
      const phone = newPhone();
      expect((await register(phone, app)).statusCode).toBe(200);
      await ageCodes(phone, 61, app);
      expect((await register(phone, app)).statusCode).toBe(200);
      await ageCodes(phone, 61, app);
      const res = await register(phone, app);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/too many verification codes/i);
      // It says when: the first code (122 s old) leaves the hour in 3478 s, about 58 minutes.
      expect(res.json().retryAfter).toBeGreaterThan(3400);
      expect(res.json().retryAfter).toBeLessThanOrEqual(3478);
      expect(res.headers['retry-after']).toBe(String(res.json().retryAfter));
      expect(res.json().message).toMatch(/try again in 58 minutes/);
      // Once the codes are more than an hour old, the number may ask again.
      await ageCodes(phone, 3600, app);
      expect((await register(phone, app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('limits the codes per client address', async () => {
    const app = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '2' });
    try {
      const from = (phone: string, ip: string) => post(app, '/api/auth/register', { phone }, ip);
      expect((await from(newPhone(), '203.0.113.7')).statusCode).toBe(200);
      expect((await from(newPhone(), '203.0.113.7')).statusCode).toBe(200);
      const res = await from(newPhone(), '203.0.113.7');
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/too many verification codes.*try again in 60 minutes/i);
      expect(res.json().retryAfter).toBeGreaterThan(3500);
      expect((await from(newPhone(), '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('holds the per-address limit against a burst of requests for many numbers', async () => {
    const app = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '5' });
    try {
      const burst = Array.from({ length: 20 }, () => post(app, '/api/auth/register', { phone: newPhone() }, '203.0.113.9'));
      const statuses = (await Promise.all(burst)).map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    } finally {
      await app.close();
    }
  });

  it('limits the auth calls per minute', async () => {
    const app = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const phone = newPhone();
      for (let i = 0; i < 3; i++) expect((await verify(phone, '123456', app)).statusCode).toBe(400);
      const res = await verify(phone, '123456', app);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
    }
  });
});

describe('a deactivated account', () => {
  it('gets a code but no session: 403 with accountDeactivated', async () => {
    const phone = newPhone();
    await t.signIn(phone);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.phone, phone));
    const user = await userRow(phone);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));

    expect((await requestLogin(phone)).statusCode).toBe(200);
    const res = await verify(phone, await t.lastCode(phone));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Your account has been deactivated. Please contact support for assistance.',
      accountDeactivated: true,
    });
    expect(sessionToken(res)).toBeUndefined();
    expect(await sessionCount(phone)).toBe(0);
    const [code] = await t.db
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.phone, phone), eq(signInCodes.purpose, 'login')));
    expect(code!.consumedAt).not.toBeNull();
  });
});

/** A stream that keeps what a logger writes. */
function captureLogs() {
  const captured = { text: '', stream: null as unknown as Writable };
  captured.stream = new Writable({
    write(chunk, _encoding, done) {
      captured.text += chunk.toString();
      done();
    },
  });
  return captured;
}

describe('an SMS that cannot be sent', () => {
  it('answers 503 without the provider’s words, and the code it was to replace stays in force', async () => {
    const simulator = new SimulatorProvider(t.db);
    let down = false;
    const flaky: SmsProvider = {
      name: 'flaky',
      channels: ['sms'],
      submit: async (message) => {
        if (down) throw new Error(`gateway refused "${message.text}"`);
        return simulator.submit(message);
      },
      onReceipt: () => {},
      close: async () => {},
    };
    const logs = captureLogs();
    const app = await buildApp(
      { config: t.config, db: t.db, sms: flaky, codeKey: 'flaky-test-key-that-is-long-enough-0123456789' },
      { logger: { level: 'trace', stream: logs.stream } },
    );
    try {
      const send = (phone: string) => app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone } });
      const check = (phone: string, code: string) =>
        app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone, code } });
      const phone = newPhone();
      expect((await send(phone)).statusCode).toBe(200);
      const code = await t.lastCode(phone);
      for (let i = 0; i < 3; i++) expect((await check(phone, wrongFor(code))).statusCode).toBe(400);
      await ageCodes(phone, 61);

      down = true;
      const failed = await send(phone);
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ message: 'Could not send the verification code. Please try again.' });
      expect(logs.text).toContain('gateway refused'); // the reason is logged…
      expect(logs.text).not.toMatch(/verification code is \d{6}/); // …without the code it carried
      down = false;

      // The first code still works and still counts its three wrong tries.
      for (let i = 0; i < 2; i++) expect((await check(phone, wrongFor(code))).statusCode).toBe(400);
      expect((await check(phone, code)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('the logs', () => {
  it('never hold the code or the session token, even at trace level', async () => {
    const captured = captureLogs();
    const app = await createTestApp({}, { logger: { level: 'trace', stream: captured.stream } });
    try {
      const phone = newPhone();
      await register(phone, app);
      const code = await app.lastCode(phone);
      await verify(phone, wrongFor(code), app);
      const res = await verify(phone, code, app);
      expect(res.statusCode).toBe(200);
      await app.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `kurir_session=${sessionToken(res)}` } });

      expect(captured.text).toContain('/api/auth/verify'); // the stream did capture the requests
      expect(captured.text).not.toContain(code);
      expect(captured.text).not.toContain(sessionToken(res));
    } finally {
      await app.close();
    }
  });
});

describe('the session lookup (GET /api/auth/session)', () => {
  const session = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', ...(cookie ? { headers: { cookie } } : {}) });

  it('answers 200 with no user to a visitor, with or without a stale cookie', async () => {
    for (const res of [await session(), await session('kurir_session=not-a-session')]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });

  it('answers the signed-in user as /api/auth/me does', async () => {
    const cookie = await t.signIn(newPhone());
    const res = await session(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual((await me(cookie)).json());
  });
});

describe('the demo admin number left over in a production database', () => {
  it('is reported while it holds an active admin account that ADMIN_PHONES does not name', async () => {
    const app = await createTestApp();
    try {
      // What a production start with the old default left behind.
      await ensureAdminUsers(app.db, [EMBEDDED_ADMIN_PHONE]);
      expect(await defaultAdminLeftOver(app.db, [EMBEDDED_ADMIN_PHONE])).toBe(false);
      expect(await defaultAdminLeftOver(app.db, ['+38641999999'])).toBe(true);
      // Made a customer in the admin area: nothing to report.
      await app.db.update(users).set({ role: 'user' }).where(eq(users.phone, EMBEDDED_ADMIN_PHONE));
      expect(await defaultAdminLeftOver(app.db, [])).toBe(false);
    } finally {
      await app.close();
    }
  });
});

// Shared set-up of the admin tests: signed-in callers for every method, and quick ways to get a
// user's id or give them a role.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { TestApp } from '../../test/helper';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Caller {
  id: string;
  phone: string;
  cookie: string;
  // JSON bodies of many shapes, asserted with matchers: typing each would only restate the schemas.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call: (method: Method, url: string, payload?: unknown) => Promise<{ status: number; body: any; text: string }>;
}

export function callerFor(t: TestApp, cookie: string, who: { id: string; phone: string }): Caller {
  return {
    ...who,
    cookie,
    async call(method, url, payload) {
      const res = await t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
      let body: unknown;
      try {
        body = res.body ? res.json() : undefined;
      } catch {
        body = undefined;
      }
      return { status: res.statusCode, body, text: res.body };
    },
  };
}

export async function userIdByPhone(db: Database, phone: string): Promise<string> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`No user ${phone}`);
  return u.id;
}

/** Signs a user in (creating them on first sign-in), optionally with another role first. */
export async function signedIn(t: TestApp, phone: string, role?: 'user' | 'slave' | 'admin'): Promise<Caller> {
  const cookie = await t.signIn(phone);
  const id = await userIdByPhone(t.db, phone);
  if (role) await t.db.update(users).set({ role }).where(eq(users.id, id));
  return callerFor(t, cookie, { id, phone });
}

export const anonymous = (t: TestApp): Caller => callerFor(t, '', { id: '', phone: '' });

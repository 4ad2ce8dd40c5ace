// Tests build the real app on a real database and sign in through the real routes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Env } from '../config';
import { simulatorOutbox, users } from '../db/schema';
import { SimulatorProvider } from '../providers/sms/simulator/simulator';
import { openTestDatabase } from './database';

export const TEST_ADMIN_PHONE = '+38640000001';
const TEST_SECRET = 'test-secret-key-that-is-long-enough-0123456789';

export async function createTestApp(
  env: Partial<Record<keyof Env, string>> = {},
  /** `logger`: Fastify's logger options (e.g. a level and a stream to capture); none by default. */
  options: { logger?: FastifyServerOptions['logger'] } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PHONES: TEST_ADMIN_PHONE,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const database = await openTestDatabase();
  const sms = new SimulatorProvider(database.db);
  const app = await buildApp({ config, db: database.db, sms, codeKey: TEST_SECRET }, { logger: options.logger ?? false });
  await app.ready();

  /** The newest code the simulator "sent" to a phone. */
  async function lastCode(phone: string): Promise<string> {
    const [row] = await database.db
      .select({ text: simulatorOutbox.text })
      .from(simulatorOutbox)
      .where(and(eq(simulatorOutbox.to, phone)))
      .orderBy(desc(simulatorOutbox.createdAt))
      .limit(1);
    const code = row?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code was sent to ${phone}`);
    return code;
  }

  /** Registers (or logs in) through the API and returns the session cookie header. */
  async function signIn(phone: string): Promise<string> {
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    const res = await app.inject({
      method: 'POST',
      url: existing ? '/api/auth/request-verification' : '/api/auth/register',
      payload: { phone },
    });
    if (res.statusCode !== 200) throw new Error(`Requesting a code failed: ${res.statusCode} ${res.body}`);
    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { phone, code: await lastCode(phone) },
    });
    if (verify.statusCode !== 200) throw new Error(`Verify failed: ${verify.statusCode} ${verify.body}`);
    const cookie = verify.cookies.find((c) => c.name === 'kurir_session');
    return `kurir_session=${cookie!.value}`;
  }

  return {
    app,
    db: database.db,
    config,
    lastCode,
    signIn,
    /** Closes the app in `app` now (a test may have rebuilt it on the same database), then the database. */
    async close() {
      await this.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The environment, parsed once into one typed object. Everything configurable is named here.
import { z } from 'zod';
import path from 'node:path';

const boolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const list = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.replace(/\s+/g, ''))
      .filter(Boolean),
  );

/** The admin number of the embedded default, printed by `npm start`. */
export const EMBEDDED_ADMIN_PHONE = '+38640000001';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  ADMIN_PHONES: list.optional(),
  COOKIE_SECURE: boolean.optional(),
  TRUST_PROXY: boolean.default(false),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  CODE_REQUESTS_PER_PHONE_HOUR: z.coerce.number().int().min(1).default(5),
  CODE_REQUESTS_PER_IP_HOUR: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SMS_PROVIDER: z.enum(['simulator']).default('simulator'),
  SIMULATOR_DEFAULT_SENDER: z.string().default('Kurir'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

export type Env = z.input<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = e.DATABASE_URL === undefined;
  const production = e.NODE_ENV === 'production';
  if (!embedded && e.SECRET_KEY === undefined) {
    // Several instances share one PostgreSQL, so they must share the key that hashes codes.
    throw new Error('SECRET_KEY (32+ characters) is required when DATABASE_URL is set');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    dataDir,
    database: embedded
      ? ({ kind: 'pglite', dir: path.join(dataDir, 'pglite') } as const)
      : ({ kind: 'postgres', url: e.DATABASE_URL!, poolSize: e.DATABASE_POOL_SIZE } as const),
    /** Undefined in the embedded default: a key is then generated and kept under DATA_DIR. */
    secretKey: e.SECRET_KEY,
    adminPhones: e.ADMIN_PHONES ?? (embedded ? [EMBEDDED_ADMIN_PHONE] : []),
    cookieSecure: e.COOKIE_SECURE ?? production,
    /** Behind a load balancer: read the client address from X-Forwarded-For. */
    trustProxy: e.TRUST_PROXY,
    session: {
      idleMs: e.SESSION_IDLE_HOURS * 3_600_000,
      maxAgeMs: e.SESSION_MAX_DAYS * 86_400_000,
    },
    limits: {
      codeRequestsPerPhoneHour: e.CODE_REQUESTS_PER_PHONE_HOUR,
      codeRequestsPerIpHour: e.CODE_REQUESTS_PER_IP_HOUR,
      authRequestsPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    },
    sms: { provider: e.SMS_PROVIDER, defaultSender: e.SIMULATOR_DEFAULT_SENDER },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
  };
}

export type Config = ReturnType<typeof loadConfig>;

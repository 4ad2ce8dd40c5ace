// The environment, parsed once into one typed object, one small parser per area. Everything
// configurable is named here, except each SMS vendor's settings, which its own folder declares.
import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_SENDER_NAME } from '@kurir/core';
import { trustProxyEnv } from './http/trust-proxy';
import { infobipEnvSchema } from './providers/sms/infobip/infobip-config';
import { simulatorEnvSchema } from './providers/sms/simulator/simulator-config';
import { smppEnvSchema } from './providers/sms/smpp/smpp-config';

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

/**
 * The admin number of the embedded default, printed by `npm start`. Never a default with
 * NODE_ENV=production: the image runs on the embedded database too, and a well-known admin number
 * there is an open door for whoever can receive its codes.
 */
export const EMBEDDED_ADMIN_PHONE = '+38640000001';

export const NO_ADMIN_WARNING =
  'No administrator is configured (ADMIN_PHONES is empty), so nobody can open the admin area. Set ADMIN_PHONES to the numbers that become admins when they sign in, and restart.';
export const TRUST_PROXY_TRUE_WARNING =
  'TRUST_PROXY=true is read as TRUST_PROXY=1 (one proxy in front): the client address is the last X-Forwarded-For entry. With more proxies, set their number or their addresses.';

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
  /** false, a number of proxies in front, or their addresses and CIDR ranges (http/trust-proxy.ts). */
  TRUST_PROXY: trustProxyEnv,
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  CODE_REQUESTS_PER_PHONE_HOUR: z.coerce.number().int().min(1).default(5),
  CODE_REQUESTS_PER_IP_HOUR: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SMS_PROVIDER: z.enum(['simulator', 'smpp', 'infobip']).default('simulator'),
  /** The simulator shows every sign-in code on the public dev outbox: refused when NODE_ENV=production unless allowed. */
  ALLOW_SMS_SIMULATOR: boolean.default(false),
  MAX_RECIPIENTS_PER_SEND: z.coerce.number().int().min(1).default(50_000),
  /** Concurrent sends are gathered this long into one transaction (group commit); 0 commits each alone. */
  SEND_GROUP_COMMIT_MS: z.coerce.number().min(0).max(50).default(1),
  /** Run the dispatcher and its jobs in this process (false for web-only instances; see worker.ts). */
  RUN_JOBS: boolean.default(true),
  DISPATCH_POLL_MS: z.coerce.number().int().min(10).default(1000),
  DISPATCH_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  DISPATCH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
  DISPATCH_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(6),
  DISPATCH_LEASE_SECONDS: z.coerce.number().int().min(5).default(120),
  DISPATCH_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(10),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  PAYMENTS_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  /** Test payments credit balances without money: refused when NODE_ENV=production unless allowed. */
  ALLOW_TEST_PAYMENTS: boolean.default(false),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Public API (/api/v1): requests per key per fixed window, counted in the database. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(6000),
  API_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Delivery webhooks may reach private, loopback and link-local addresses (development and tests only). */
  WEBHOOKS_ALLOW_PRIVATE: boolean.default(false),
  /** Seconds to wait before each retry of a failed webhook delivery; after the last, the endpoint is disabled. */
  WEBHOOK_RETRY_SCHEDULE: z.string().default('5,300,1800,7200,18000,36000').pipe(list).pipe(z.array(z.string().regex(/^\d+(\.\d+)?$/, 'seconds, separated by commas').transform(Number)).min(1)),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).default(1000),
  WEB_DIST: z.string().optional(),
  /** Bearer token that /metrics requires; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** /api/ready fails when the oldest due message has waited longer than this (where jobs run). */
  READY_QUEUE_STALL_SECONDS: z.coerce.number().int().min(1).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

/**
 * The SMS provider's settings: one member per vendor, each declared in the vendor's folder. Adding
 * a vendor adds one member here and one line in providers/sms/registry.ts.
 */
const smsEnvSchema = z.discriminatedUnion('SMS_PROVIDER', [simulatorEnvSchema, smppEnvSchema, infobipEnvSchema]);

export type Env = z.input<typeof envSchema> &
  Partial<z.input<typeof simulatorEnvSchema> & z.input<typeof smppEnvSchema> & z.input<typeof infobipEnvSchema>>;
type ParsedEnv = z.output<typeof envSchema>;

function parseOrThrow<S extends z.ZodType>(schema: S, env: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

function parseDatabase(e: ParsedEnv, dataDir: string) {
  if (e.DATABASE_URL !== undefined && e.SECRET_KEY === undefined) {
    // Several instances share one PostgreSQL, so they must share the key that hashes codes.
    throw new Error('SECRET_KEY (32+ characters) is required when DATABASE_URL is set');
  }
  return e.DATABASE_URL === undefined
    ? ({ kind: 'pglite', dir: path.join(dataDir, 'pglite') } as const)
    : ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const);
}

function parseSms(e: ParsedEnv, env: Record<string, string>) {
  if (e.SMS_PROVIDER === 'simulator' && e.NODE_ENV === 'production' && !e.ALLOW_SMS_SIMULATOR) {
    // Its dev outbox is public and shows every sign-in code: anyone could sign in as anyone.
    throw new Error('SMS_PROVIDER=simulator is refused in production; set SMS_PROVIDER=smpp or infobip (or ALLOW_SMS_SIMULATOR=true for a demo)');
  }
  const vendor = parseOrThrow(smsEnvSchema, { ...env, SMS_PROVIDER: e.SMS_PROVIDER });
  /** The sender of users without an approved custom sender name; the profile shows the same. */
  return { ...vendor, defaultSender: DEFAULT_SENDER_NAME };
}

export type SmsConfig = ReturnType<typeof parseSms>;

function parsePayments(e: ParsedEnv) {
  if (e.PAYMENTS_PROVIDER === 'test') {
    if (e.NODE_ENV === 'production' && !e.ALLOW_TEST_PAYMENTS) {
      // The test card form tops up balances for free: never by accident in production.
      throw new Error('PAYMENTS_PROVIDER=test is refused in production; set PAYMENTS_PROVIDER=stripe (or ALLOW_TEST_PAYMENTS=true for a demo)');
    }
    return { provider: 'test' } as const;
  }
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY');
  }
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
  } as const;
}

function parseSecurity(e: ParsedEnv) {
  const zeroSetup = e.DATABASE_URL === undefined && e.NODE_ENV !== 'production';
  return {
    /** Undefined in the embedded default: a key is then generated and kept under DATA_DIR. */
    secretKey: e.SECRET_KEY,
    adminPhones: e.ADMIN_PHONES ?? (zeroSetup ? [EMBEDDED_ADMIN_PHONE] : []),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    /** Behind proxies: which X-Forwarded-For entries are believed (http/trust-proxy.ts). */
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
  };
}

function parseJobs(e: ParsedEnv) {
  return {
    run: e.RUN_JOBS,
    pollMs: e.DISPATCH_POLL_MS,
    batchSize: e.DISPATCH_BATCH_SIZE,
    concurrency: e.DISPATCH_CONCURRENCY,
    maxAttempts: e.DISPATCH_MAX_ATTEMPTS,
    leaseSeconds: e.DISPATCH_LEASE_SECONDS,
    retryBaseSeconds: e.DISPATCH_RETRY_BASE_SECONDS,
  };
}

/** What start-up logs as warnings: settings that run, but not as an operator likely meant. */
function startupWarnings(security: ReturnType<typeof parseSecurity>, env: Record<string, string>): string[] {
  const warnings: string[] = [];
  if (security.adminPhones.length === 0) warnings.push(NO_ADMIN_WARNING);
  if (env.TRUST_PROXY?.trim().toLowerCase() === 'true') warnings.push(TRUST_PROXY_TRUE_WARNING);
  return warnings;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable (DATABASE_URL=) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const e = parseOrThrow(envSchema, present);
  const dataDir = path.resolve(e.DATA_DIR);
  const security = parseSecurity(e);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    dataDir,
    database: parseDatabase(e, dataDir),
    ...security,
    sms: parseSms(e, present),
    payments: parsePayments(e),
    messaging: { maxRecipientsPerSend: e.MAX_RECIPIENTS_PER_SEND, groupCommitMs: e.SEND_GROUP_COMMIT_MS },
    jobs: parseJobs(e),
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    api: { rateLimit: { limit: e.API_RATE_LIMIT, windowSeconds: e.API_RATE_WINDOW_SECONDS } },
    webhooks: {
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
      retrySeconds: e.WEBHOOK_RETRY_SCHEDULE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      pollMs: e.WEBHOOK_POLL_MS,
    },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    observability: { metricsToken: e.METRICS_TOKEN, queueStallSeconds: e.READY_QUEUE_STALL_SECONDS },
    logLevel: e.LOG_LEVEL,
    warnings: startupWarnings(security, present),
  };
}

export type Config = ReturnType<typeof loadConfig>;

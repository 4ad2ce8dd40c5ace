// The environment, parsed once into one typed object. Everything configurable is named here.
import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_SENDER_NAME } from '@kurir/core';

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
  SMS_PROVIDER: z.enum(['simulator', 'smpp', 'infobip']).default('simulator'),
  /** The simulator shows every sign-in code on the public dev outbox: refused when NODE_ENV=production unless allowed. */
  ALLOW_SMS_SIMULATOR: boolean.default(false),
  SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.05),
  SIMULATOR_NOT_ON_VIBER_RATE: z.coerce.number().min(0).max(1).default(0.3),
  /** How long Viber may try before the message is sent as SMS; default 60 s on the simulator, 1 day otherwise. */
  VIBER_VALIDITY_SECONDS: z.coerce.number().int().min(1).optional(),
  /** SMPP 3.4 transceiver (SMS_PROVIDER=smpp); each setting is explained in the README's configuration table. */
  SMPP_HOST: z.string().min(1).optional(),
  SMPP_PORT: z.coerce.number().int().min(1).max(65535).default(2775),
  SMPP_SYSTEM_ID: z.string().min(1).optional(),
  SMPP_PASSWORD: z.string().optional(),
  SMPP_SYSTEM_TYPE: z.string().default(''),
  SMPP_WINDOW: z.coerce.number().int().min(1).max(1000).default(10),
  SMPP_THROUGHPUT: z.coerce.number().min(0).default(100),
  SMPP_ENQUIRE_LINK_SECONDS: z.coerce.number().positive().default(30),
  SMPP_RESPONSE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  SMPP_BIND_WAIT_SECONDS: z.coerce.number().positive().default(10),
  SMPP_SOURCE_TON: z.coerce.number().int().min(0).max(6).optional(),
  SMPP_SOURCE_NPI: z.coerce.number().int().min(0).max(18).optional(),
  SMPP_DATA_CODING: z.enum(['0', '1']).default('0').transform((v) => (v === '1' ? 1 : 0) as 0 | 1),
  /** Infobip HTTP API (SMS_PROVIDER=infobip). */
  INFOBIP_BASE_URL: z.string().url().optional(),
  INFOBIP_API_KEY: z.string().min(1).optional(),
  INFOBIP_VIBER_SENDER: z.string().min(1).optional(),
  INFOBIP_WEBHOOK_SECRET: z.string().min(16, 'INFOBIP_WEBHOOK_SECRET must be at least 16 characters').optional(),
  INFOBIP_NOTIFY_URL: z.string().url().optional(),
  INFOBIP_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
  MAX_RECIPIENTS_PER_SEND: z.coerce.number().int().min(1).default(50_000),
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
  WEB_DIST: z.string().optional(),
  /** Bearer token that /metrics requires; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** /api/ready fails when the oldest due message has waited longer than this (where jobs run). */
  READY_QUEUE_STALL_SECONDS: z.coerce.number().int().min(1).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

export type Env = z.input<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable (DATABASE_URL=) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
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
  if (e.PAYMENTS_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PUBLISHABLE_KEY)) {
    throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY');
  }
  if (e.PAYMENTS_PROVIDER === 'test' && production && !e.ALLOW_TEST_PAYMENTS) {
    // The test card form tops up balances for free: never by accident in production.
    throw new Error('PAYMENTS_PROVIDER=test is refused in production; set PAYMENTS_PROVIDER=stripe (or ALLOW_TEST_PAYMENTS=true for a demo)');
  }
  if (e.SMS_PROVIDER === 'simulator' && production && !e.ALLOW_SMS_SIMULATOR) {
    // Its dev outbox is public and shows every sign-in code: anyone could sign in as anyone.
    throw new Error('SMS_PROVIDER=simulator is refused in production; set SMS_PROVIDER=smpp or infobip (or ALLOW_SMS_SIMULATOR=true for a demo)');
  }
  if (e.SMS_PROVIDER === 'smpp' && (!e.SMPP_HOST || !e.SMPP_SYSTEM_ID || e.SMPP_PASSWORD === undefined)) {
    throw new Error('SMS_PROVIDER=smpp needs SMPP_HOST, SMPP_SYSTEM_ID and SMPP_PASSWORD');
  }
  if (e.SMS_PROVIDER === 'infobip' && (!e.INFOBIP_BASE_URL || !e.INFOBIP_API_KEY || !e.INFOBIP_WEBHOOK_SECRET)) {
    throw new Error('SMS_PROVIDER=infobip needs INFOBIP_BASE_URL, INFOBIP_API_KEY and INFOBIP_WEBHOOK_SECRET');
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
    sms: {
      provider: e.SMS_PROVIDER,
      /** The sender of users without an approved custom sender name; the profile shows the same. */
      defaultSender: DEFAULT_SENDER_NAME,
      simulator: {
        delayMs: e.SIMULATOR_DELAY_MS,
        failureRate: e.SIMULATOR_FAILURE_RATE,
        notOnViberRate: e.SIMULATOR_NOT_ON_VIBER_RATE,
      },
      viberValiditySeconds: e.VIBER_VALIDITY_SECONDS ?? (e.SMS_PROVIDER === 'simulator' ? 60 : 86_400),
      smpp:
        e.SMS_PROVIDER === 'smpp'
          ? {
              host: e.SMPP_HOST!,
              port: e.SMPP_PORT,
              systemId: e.SMPP_SYSTEM_ID!,
              password: e.SMPP_PASSWORD!,
              systemType: e.SMPP_SYSTEM_TYPE,
              window: e.SMPP_WINDOW,
              throughput: e.SMPP_THROUGHPUT,
              enquireLinkSeconds: e.SMPP_ENQUIRE_LINK_SECONDS,
              responseTimeoutSeconds: e.SMPP_RESPONSE_TIMEOUT_SECONDS,
              bindWaitSeconds: e.SMPP_BIND_WAIT_SECONDS,
              sourceTon: e.SMPP_SOURCE_TON,
              sourceNpi: e.SMPP_SOURCE_NPI,
              dataCoding: e.SMPP_DATA_CODING,
            }
          : undefined,
      infobip:
        e.SMS_PROVIDER === 'infobip'
          ? {
              baseUrl: e.INFOBIP_BASE_URL!.replace(/\/+$/, ''),
              apiKey: e.INFOBIP_API_KEY!,
              viberSender: e.INFOBIP_VIBER_SENDER,
              webhookSecret: e.INFOBIP_WEBHOOK_SECRET!,
              /** Where Infobip posts delivery reports; without PUBLIC_URL, set it in Infobip's portal. */
              notifyUrl:
                e.INFOBIP_NOTIFY_URL ??
                (e.PUBLIC_URL
                  ? `${e.PUBLIC_URL.replace(/\/+$/, '')}/api/webhooks/infobip/${encodeURIComponent(e.INFOBIP_WEBHOOK_SECRET!)}`
                  : undefined),
              timeoutMs: e.INFOBIP_TIMEOUT_SECONDS * 1000,
            }
          : undefined,
    },
    payments:
      e.PAYMENTS_PROVIDER === 'stripe'
        ? ({
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          } as const)
        : ({ provider: 'test' } as const),
    messaging: { maxRecipientsPerSend: e.MAX_RECIPIENTS_PER_SEND },
    jobs: {
      run: e.RUN_JOBS,
      pollMs: e.DISPATCH_POLL_MS,
      batchSize: e.DISPATCH_BATCH_SIZE,
      concurrency: e.DISPATCH_CONCURRENCY,
      maxAttempts: e.DISPATCH_MAX_ATTEMPTS,
      leaseSeconds: e.DISPATCH_LEASE_SECONDS,
      retryBaseSeconds: e.DISPATCH_RETRY_BASE_SECONDS,
    },
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    observability: { metricsToken: e.METRICS_TOKEN, queueStallSeconds: e.READY_QUEUE_STALL_SECONDS },
    logLevel: e.LOG_LEVEL,
  };
}

export type Config = ReturnType<typeof loadConfig>;

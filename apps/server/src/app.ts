// Builds the app: plugins, then each module, in one list you can read top to bottom.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { forgetAllCached, startChangeFeed } from './db/change-feed';
import { registerAccessControl } from './http/access';
import { registerCrossSiteGuard } from './http/cross-site';
import { postgresRateLimitStore } from './http/rate-limit-store';
import { registerErrorHandling } from './http/errors';
import { registerIdempotency } from './http/idempotency';
import { registerInputGuard } from './http/input-guard';
import { registerApiDocument } from './http/openapi';
import { collectRouteTable } from './http/route-table';
import { clientNetwork } from './http/client-network';
import { registerSecurityHeaders } from './http/security';
import { SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './http/server-timeouts';
import { proxyTrust } from './http/trust-proxy';
import { registerWebApp } from './http/web';
import { healthRoutes } from './observability/health.routes';
import { metricsRoutes } from './observability/metrics.routes';
import { registerRequestObservability, requestIdGenerator } from './observability/request-observability';
import { adminRoutes } from './modules/admin/admin.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { apiV1Routes } from './modules/api-v1/api-v1.routes';
import { API_KEY_SECURITY } from './modules/api-v1/api-v1.schema';
import { API_KEY_SECURITY_SCHEME } from './modules/api-v1/openapi';
import { webhookEndpointRoutes } from './modules/webhooks/webhooks.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { statsRoutes } from './modules/dashboard/stats.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { createAiProvider } from './providers/ai/registry';
import { phonebookRoutes } from './modules/phonebooks/phonebooks.routes';
import { recentTransactionsRoutes } from './modules/dashboard/recent-transactions.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { productRoutes } from './modules/products/products.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { loadFeatures } from './modules/users/features';
import type { SmsProvider } from './providers/sms/types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A customer route that writes what the caches hold (the user row in a session, the user's products). */
    writesCachedData?: boolean;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  sms: SmsProvider;
  /** The key that hashes sign-in codes. */
  codeKey: string;
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** How long the server waits on a client (http/server-timeouts.ts); a test may shorten them. */
  timeouts?: ServerTimeouts;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const { config, db } = deps;
  const trustProxy = proxyTrust(config.trustProxy);
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(options.timeouts ?? SERVER_TIMEOUTS),
    trustProxy,
    genReqId: requestIdGenerator(trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  collectRouteTable(app);
  registerRequestObservability(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, { secure: config.cookieSecure, stripe: config.payments.provider === 'stripe' });
  await app.register(cookie);
  // On PostgreSQL the counters are shared by every instance; the embedded database is one process.
  // Counted per client network (an IPv6 client holds a whole /64), not per address.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientNetwork(request.ip),
    ...(config.database.kind === 'postgres' ? { store: postgresRateLimitStore(db) } : {}),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Kurir API', version: '1.0.0' },
      components: { securitySchemes: { [API_KEY_SECURITY]: API_KEY_SECURITY_SCHEME } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  registerCrossSiteGuard(app, { publicUrl: config.publicUrl });
  // Caches of sessions, products and prices, dropped whenever the database announces a change.
  const stopChangeFeed = await startChangeFeed(db, app.log);
  app.addHook('onClose', stopChangeFeed);
  // What an admin, a purchase or a profile edit changed through this instance is seen by its next
  // request at once, before the database's announcement arrives (other instances hear that a few
  // ms later): a customer who saves the profile and reloads sees it saved.
  app.addHook('onSend', async (request, _reply, payload) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    const config = request.routeOptions.config;
    if (write && (config?.access === 'admin' || config?.writesCachedData)) forgetAllCached(db);
    return payload;
  });
  registerAccessControl(app, { db, config });
  registerInputGuard(app);
  // Idempotency-Key on the routes that declare `idempotent` (the public API's POSTs, the paid web routes).
  registerIdempotency(app, db);

  await app.register(healthRoutes({ db, sms: deps.sms, runsJobs: config.jobs.run, queueStallSeconds: config.observability.queueStallSeconds }));
  if (config.observability.metricsToken) await app.register(metricsRoutes({ db, token: config.observability.metricsToken }));
  registerApiDocument(app);

  await app.register(authRoutes({ ...deps, loadFeatures }));
  await app.register(phonebookRoutes({ db }));
  await app.register(productRoutes({ db }));
  await app.register(adminRoutes({ db, config, sms: deps.sms, loadFeatures }));
  await app.register(paymentRoutes({ db, config }));
  await app.register(profileRoutes({ db }));
  await app.register(recentTransactionsRoutes({ db }));
  await app.register(messagesRoutes({ db, config }));
  await app.register(statsRoutes({ db }));
  await app.register(apiKeyRoutes({ db, rateWindowSeconds: config.api.rateLimit.windowSeconds }));
  await app.register(apiV1Routes({ db, config }));
  await app.register(webhookEndpointRoutes({ db, config }));
  await app.register(aiRoutes({ ai: createAiProvider(config.ai) }));
  // The SMS vendor's own routes: a delivery-report webhook, or the simulator's dev outbox.
  const vendorRoutes = deps.sms.routes?.();
  if (vendorRoutes) await app.register(vendorRoutes);

  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}

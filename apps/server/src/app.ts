// Builds the app: plugins, then each module, in one list you can read top to bottom.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { startChangeFeed } from './db/change-feed';
import { registerAccessControl } from './http/access';
import { registerErrorHandling } from './http/errors';
import { registerNulCharacterGuard } from './http/nul-characters';
import { collectRouteTable } from './http/route-table';
import { registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/web';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { statsRoutes } from './modules/dashboard/stats.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { createAiProvider } from './providers/ai/registry';
import { phonebookRoutes } from './modules/phonebooks/phonebooks.routes';
import { recentTransactionsRoutes } from './modules/dashboard/recent-transactions.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { customSenderAdminRoutes } from './modules/products/custom-sender.routes';
import { productRoutes } from './modules/products/products.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { loadFeatures } from './modules/users/features';
import type { SmsProvider } from './providers/sms/types';

export interface AppDeps {
  config: Config;
  db: Database;
  sms: SmsProvider;
  /** The key that hashes sign-in codes. */
  codeKey: string;
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const { config, db } = deps;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  collectRouteTable(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, { secure: config.cookieSecure, stripe: config.payments.provider === 'stripe' });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Kurir API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // Caches of sessions, products and prices, dropped whenever the database announces a change.
  const stopChangeFeed = await startChangeFeed(db, app.log);
  app.addHook('onClose', stopChangeFeed);
  registerAccessControl(app, { db, config });
  registerNulCharacterGuard(app);

  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes({ ...deps, loadFeatures }));
  await app.register(phonebookRoutes({ db }));
  await app.register(productRoutes({ db }));
  await app.register(customSenderAdminRoutes({ db }));
  await app.register(adminUsersRoutes({ db, loadFeatures }));
  await app.register(paymentRoutes({ db, config }));
  await app.register(profileRoutes({ db }));
  await app.register(recentTransactionsRoutes({ db }));
  await app.register(messagesRoutes({ db, config }));
  await app.register(statsRoutes({ db }));
  await app.register(aiRoutes({ ai: createAiProvider(config.ai) }));
  // The SMS vendor's own routes: a delivery-report webhook, or the simulator's dev outbox.
  const vendorRoutes = deps.sms.routes?.();
  if (vendorRoutes) await app.register(vendorRoutes);

  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}

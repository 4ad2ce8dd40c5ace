// Every module of the administrator area, registered in one place (app.ts registers this once).
// Each route declares its own access; all are 'admin' except GET /api/products and the template
// reads, which customers use too.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { SmsProvider } from '../../providers/sms/types';
import type { FeatureLoader } from '../users/features';
import { adminAnalyticsRoutes } from './analytics/analytics.routes';
import { adminCreditRoutes } from './credit/credit.routes';
import { customSenderAdminRoutes } from './custom-sender/custom-sender.routes';
import { adminDashboardRoutes } from './dashboard/dashboard.routes';
import { allMessagesRoutes } from './messages/all-messages.routes';
import { adminCatalogueRoutes } from './products/catalogue-admin.routes';
import { adminScheduledRoutes } from './scheduled/admin-scheduled.routes';
import { adminSendSmsRoutes } from './send-sms/send-sms.routes';
import { adminSettingsRoutes } from './settings/settings.routes';
import { adminStatisticsRoutes } from './statistics/statistics.routes';
import { templateRoutes } from './templates/templates.routes';
import { adminTransactionsRoutes } from './transactions/transactions.routes';
import { adminUserProductsRoutes } from './user-products/user-products.routes';
import { adminUsersRoutes } from './users/users.routes';

export interface AdminDeps {
  db: Database;
  config: Pick<Config, 'sms'>;
  sms: SmsProvider;
  loadFeatures: FeatureLoader;
}

export function adminRoutes(deps: AdminDeps) {
  const { db } = deps;
  const defaultSender = deps.config.sms.defaultSender;
  return async function (app: FastifyInstance) {
    await app.register(adminUsersRoutes({ db, loadFeatures: deps.loadFeatures }));
    await app.register(adminCreditRoutes({ db }));
    await app.register(adminSendSmsRoutes({ db, defaultSender }));
    await app.register(adminUserProductsRoutes({ db }));
    await app.register(adminTransactionsRoutes({ db }));
    await app.register(adminAnalyticsRoutes({ db }));
    await app.register(customSenderAdminRoutes({ db }));
    await app.register(adminDashboardRoutes({ db, sms: deps.sms }));
    await app.register(adminStatisticsRoutes({ db }));
    await app.register(adminCatalogueRoutes({ db }));
    await app.register(templateRoutes({ db }));
    await app.register(adminSettingsRoutes({ db, defaultSender }));
    await app.register(allMessagesRoutes({ db }));
    await app.register(adminScheduledRoutes({ db }));
  };
}

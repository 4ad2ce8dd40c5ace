// The live admin dashboard: figures, recent activity (the audit log) and system status.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityQuerySchema, activityResponseSchema, adminDashboardResponseSchema, systemStatusResponseSchema } from '@kurir/core';
import type { Database } from '../../../db/client';
import type { SmsProvider } from '../../../providers/sms/types';
import { listRecentActivity } from '../audit/audit';
import { getDashboardFigures } from './dashboard.service';
import { checkSystemStatus } from './system-status';

export function adminDashboardRoutes(deps: { db: Database; sms: SmsProvider }) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/admin/dashboard', { config: { access: 'admin' }, schema: { response: { 200: adminDashboardResponseSchema } } }, async () => getDashboardFigures(db));
    r.get('/api/admin/activity', { config: { access: 'admin' }, schema: { querystring: activityQuerySchema, response: { 200: activityResponseSchema } } }, async (request) => ({
      activity: await listRecentActivity(db, request.query.limit),
    }));
    r.get('/api/admin/system-status', { config: { access: 'admin' }, schema: { response: { 200: systemStatusResponseSchema } } }, async () => ({
      checks: await checkSystemStatus(db, deps.sms),
      checkedAt: new Date().toISOString(),
    }));
  };
}

// GET and POST /api/admin/settings.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTINGS_MESSAGES, adminSettingsResponseSchema, adminSettingsSavedResponseSchema, adminSettingsSchema } from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { readAdminSettings } from './settings.repo';
import { saveAdminSettings } from './settings.service';

export function adminSettingsRoutes(deps: { db: Database; defaultSender: string }) {
  const defaults = { adminSenderName: deps.defaultSender };
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/admin/settings', { config: { access: 'admin' }, schema: { response: { 200: adminSettingsResponseSchema } } }, async () => ({
      settings: await readAdminSettings(deps.db, defaults),
    }));
    r.post(
      '/api/admin/settings',
      { config: { access: 'admin' }, schema: { body: adminSettingsSchema, response: { 200: adminSettingsSavedResponseSchema } } },
      async (request) => ({
        message: SETTINGS_MESSAGES.updated,
        settings: await saveAdminSettings(deps.db, requireUser(request).id, request.body, defaults),
      }),
    );
  };
}

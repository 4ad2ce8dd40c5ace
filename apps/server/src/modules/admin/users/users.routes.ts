// The admin Users page: the list, one user, and an admin's edits of a user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_MESSAGES,
  DEFAULT_SENDER_NAME,
  adminUserDetailResponseSchema,
  adminUserSettingsBodySchema,
  adminUserUpdateBodySchema,
  adminUserUpdateResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  idParamsSchema,
} from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { FeatureLoader } from '../../users/features';
import { toAdminUserDto } from './admin-user-dto';
import { findUser, findUsersPage } from './users.repo';
import { updateUserAsAdmin, updateUserSettingsAsAdmin } from './users.service';

export function adminUsersRoutes(deps: { db: Database; loadFeatures: FeatureLoader }) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/users', { config: { access: 'admin' }, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } }, async (request) => {
      const { rows, total, capped } = await findUsersPage(db, request.query);
      const totalPages = Math.max(1, Math.ceil(total / request.query.limit));
      return { users: rows.map(toAdminUserDto), total, totalCapped: capped, page: request.query.page, totalPages };
    });

    r.get('/api/users/:id', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: adminUserDetailResponseSchema } } }, async (request) => {
      const row = isUuid(request.params.id) ? await findUser(db, request.params.id) : null;
      if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
      return { user: { ...toAdminUserDto(row), features: await deps.loadFeatures(db, row.id) }, defaultSenderName: DEFAULT_SENDER_NAME };
    });

    r.patch(
      '/api/admin/users/:id',
      { config: { access: 'admin' }, schema: { params: idParamsSchema, body: adminUserUpdateBodySchema, response: { 200: adminUserUpdateResponseSchema } } },
      async (request) => {
        const updated = await updateUserAsAdmin(db, requireUser(request).id, request.params.id, request.body);
        return { user: toAdminUserDto(updated), message: ADMIN_USER_MESSAGES.updated };
      },
    );

    r.patch(
      '/api/admin/users/:id/settings',
      { config: { access: 'admin' }, schema: { params: idParamsSchema, body: adminUserSettingsBodySchema, response: { 200: adminUserUpdateResponseSchema } } },
      async (request) => {
        const updated = await updateUserSettingsAsAdmin(db, requireUser(request).id, request.params.id, request.body);
        return { user: toAdminUserDto(updated), message: ADMIN_USER_MESSAGES.settingsUpdated };
      },
    );
  };
}

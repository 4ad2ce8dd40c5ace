// /api/admin/users: what an administrator changes on a customer's account.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_USER_MESSAGES, adminUserUpdateBodySchema } from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { notFound } from '../../lib/errors';
import type { FeatureLoader } from '../users/features';
import { toUserDto } from '../users/user-dto';
import { updateUserAsAdmin } from './admin-users.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function adminUsersRoutes(deps: { db: Database; loadFeatures: FeatureLoader }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().patch(
      '/api/admin/users/:id',
      { config: { access: 'admin' }, schema: { params: z.object({ id: z.string() }), body: adminUserUpdateBodySchema } },
      async (request) => {
        const admin = requireUser(request);
        if (!UUID.test(request.params.id)) throw notFound(ADMIN_USER_MESSAGES.notFound);
        const updated = await updateUserAsAdmin(deps.db, admin.id, request.params.id, request.body);
        return { user: toUserDto(updated, await deps.loadFeatures(deps.db, updated.id)), message: ADMIN_USER_MESSAGES.updated };
      },
    );
  };
}

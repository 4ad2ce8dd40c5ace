// PUT /api/user/profile: the signed-in user's own profile; answers with the same user object as
// /api/auth/me, so the web replaces its user with it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileUpdateBodySchema, userSchema } from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { loadFeatures } from '../users/features';
import { toUserDto } from '../users/user-dto';
import { updateProfile } from './profile.service';

export function profileRoutes(deps: { db: Database }) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.put(
      '/api/user/profile',
      { config: { access: 'customer', writesCachedData: true }, schema: { body: profileUpdateBodySchema, response: { 200: userSchema } } },
      async (request) => {
        const updated = await updateProfile(deps.db, requireUser(request), request.body);
        return toUserDto(updated, await loadFeatures(deps.db, updated.id));
      },
    );
  };
}

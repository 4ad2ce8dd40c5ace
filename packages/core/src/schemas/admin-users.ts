// The wire contract of PATCH /api/admin/users/{id} (admin spec §7): the profile fields a customer
// may change, plus status and role, which only an admin may set.
import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants';
import { profileUpdateBodySchema } from './profile';

export const ADMIN_USER_MESSAGES = {
  updated: 'User updated',
  notFound: 'User not found',
  notYourself: 'You cannot deactivate your own account or remove your own admin role.',
} as const;

export const adminUserUpdateBodySchema = profileUpdateBodySchema
  .omit({ sender_name: true, primary_channel: true })
  .extend({
    status: z.enum(USER_STATUSES, { error: 'Status must be active or inactive' }).optional(),
    role: z.enum(ROLES, { error: 'Role must be admin, user or slave' }).optional(),
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateBodySchema>;

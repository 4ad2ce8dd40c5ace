// The wire contract of the admin Users page: the list (GET /api/users), one user
// (GET /api/users/{id}), and the admin's edits (PATCH /api/admin/users/{id} and /settings).
import { z } from '../zod';
import {
  ADMIN_USERS_PAGE_SIZE,
  ADMIN_USERS_PAGE_SIZE_MAX,
  ADMIN_USER_SORTS,
  CHANNELS,
  ROLES,
  SORT_ORDERS,
  USER_STATUSES,
} from '../../constants';
import { featuresSchema, userSchema } from '../auth';
import { profileUpdateBodySchema } from '../profile';

export const ADMIN_USER_MESSAGES = {
  updated: 'User updated',
  settingsUpdated: 'Settings updated',
  notFound: 'User not found',
  notYourself: 'You cannot deactivate your own account or remove your own admin role.',
  lastAdmin: 'This change would leave no active admin (another admin was changed at the same time). Reload the list and try again.',
  noUsers: 'No users found',
  senderNotAllowed: 'Sender name can only be the default sender name or the user\'s approved Custom Sender Name.',
} as const;

export const adminUserUpdateBodySchema = profileUpdateBodySchema
  .omit({ sender_name: true, primary_channel: true })
  .extend({
    status: z.enum(USER_STATUSES, { error: 'Status must be active or inactive' }).optional(),
    role: z.enum(ROLES, { error: 'Role must be admin, user or slave' }).optional(),
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateBodySchema>;

/** PATCH /api/admin/users/{id}/settings. */
export const adminUserSettingsBodySchema = profileUpdateBodySchema.pick({ sender_name: true, primary_channel: true });
export type AdminUserSettings = z.infer<typeof adminUserSettingsBodySchema>;

/** A comma-separated list in a query (`status=active,inactive`), or the same key repeated. */
const listOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values, { error: message })).max(values.length * 2));

/**
 * GET /api/users. Filtering, sorting and paging run on the server. Defaults are the spec's:
 * status active only, sort last login descending. `status=all` (or both values) shows every user.
 */
export const adminUsersQuerySchema = z.object({
  status: listOf([...USER_STATUSES, 'all'] as const, 'Status must be active, inactive or all').default(['active']),
  /** Empty: every role. */
  role: listOf(ROLES, 'Role must be admin, user or slave').default([]),
  /** Matches phone, first name, last name and company name (case-insensitive substring). */
  search: z.string().trim().max(100).default(''),
  sort: z.enum(ADMIN_USER_SORTS).default('last_login'),
  order: z.enum(SORT_ORDERS).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE_MAX).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/**
 * A user as admins see them: the signed-in user's fields (auth.ts) without the features, and a
 * sender_name that is null when the user has none (shown 'N/A').
 */
export const adminUserSchema = userSchema.omit({ features: true, settings: true }).extend({
  settings: z.object({
    sender_name: z.string().nullable(),
    primary_channel: z.enum(CHANNELS),
  }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number(),
  /** A search's total stopped at LIST_TOTAL_CAP: `total` (and `totalPages`) are lower bounds. */
  totalCapped: z.boolean(),
  page: z.number(),
  totalPages: z.number(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** GET /api/users/{id}: the user, the add-ons in force, and the brand default sender for the Business tab. */
export const adminUserDetailResponseSchema = z.object({
  user: adminUserSchema.extend({ features: featuresSchema }),
  defaultSenderName: z.string(),
});
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponseSchema>;

/** PATCH /api/admin/users/{id} and /settings. */
export const adminUserUpdateResponseSchema = z.object({ message: z.string(), user: adminUserSchema });
export type AdminUserUpdateResponse = z.infer<typeof adminUserUpdateResponseSchema>;

export const idParamsSchema = z.object({ id: z.string().max(64) });

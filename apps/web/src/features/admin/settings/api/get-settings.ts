// GET /api/admin/settings: the admin sender name and the channel new users start with.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminSettingsResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AdminSettingsReply = z.infer<typeof adminSettingsResponseSchema>;

export const getAdminSettingsKey = () => [...queryRoots.adminSettings, 'current'] as const;

export const getAdminSettings = () => api.get<AdminSettingsReply>('/api/admin/settings');

export const getAdminSettingsQuery = () =>
  queryOptions({ queryKey: getAdminSettingsKey(), queryFn: getAdminSettings, select: (reply) => reply.settings });

// GET /api/sms/templates: for an admin, every shared template (Admin and User type).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templatesResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type TemplatesReply = z.infer<typeof templatesResponseSchema>;

export const getSharedTemplatesKey = () => [...queryRoots.templates, 'shared'] as const;

export const getSharedTemplates = () => api.get<TemplatesReply>('/api/sms/templates');

export const getSharedTemplatesQuery = () =>
  queryOptions({ queryKey: getSharedTemplatesKey(), queryFn: getSharedTemplates, select: (reply) => reply.templates });

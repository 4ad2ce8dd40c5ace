// GET /api/templates: the customer's own templates and the shared User-type ones (`own` tells).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templatesResponseSchema } from '@kurir/core';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type TemplatesReply = z.infer<typeof templatesResponseSchema>;

export const getMyTemplatesKey = () => [...queryRoots.templates, 'mine-and-shared'] as const;

export const getMyTemplates = () => api.get<TemplatesReply>('/api/templates');

export const getMyTemplatesQuery = () =>
  queryOptions({ queryKey: getMyTemplatesKey(), queryFn: getMyTemplates, select: (reply) => reply.templates });

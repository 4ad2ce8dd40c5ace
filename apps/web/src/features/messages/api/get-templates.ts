// GET /api/templates: the templates the Send page offers — the user's own and the shared
// User-type ones.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templatesResponseSchema } from '@kurir/core';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type TemplatesReply = z.infer<typeof templatesResponseSchema>;

export const getTemplateChoicesKey = () => [...queryRoots.templates, 'send-choices'] as const;

export const getTemplateChoices = () => api.get<TemplatesReply>('/api/templates');

export const getTemplateChoicesQuery = () =>
  queryOptions({ queryKey: getTemplateChoicesKey(), queryFn: getTemplateChoices, select: (reply) => reply.templates });

// GET /api/sms/templates: the shared templates, for the Send SMS dialog's picker.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templatesResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type TemplatesReply = z.infer<typeof templatesResponseSchema>;

export const getSmsTemplatesKey = () => [...queryRoots.templates, 'shared'] as const;

export const getSmsTemplates = () => api.get<TemplatesReply>('/api/sms/templates');

export const getSmsTemplatesQuery = () =>
  queryOptions({ queryKey: getSmsTemplatesKey(), queryFn: getSmsTemplates, select: (reply) => reply.templates });

// POST /api/templates: a template of the customer's own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerTemplateBody, templateSavedResponseSchema } from '@kurir/core';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type TemplateSavedReply = z.infer<typeof templateSavedResponseSchema>;

export const createMyTemplate = (body: CustomerTemplateBody) => api.post<TemplateSavedReply>('/api/templates', body);

export function useCreateMyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMyTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.templates }) });
}

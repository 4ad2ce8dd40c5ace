// POST /api/sms/templates: a shared template, of type Admin or User.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminTemplateBody, templateSavedResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type TemplateSavedReply = z.infer<typeof templateSavedResponseSchema>;

export const createSharedTemplate = (body: AdminTemplateBody) => api.post<TemplateSavedReply>('/api/sms/templates', body);

export function useCreateSharedTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSharedTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.templates }),
  });
}

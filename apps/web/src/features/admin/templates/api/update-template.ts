// PUT /api/sms/templates/:id: a shared template's name, content, category and type.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminTemplateBody, templateSavedResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type TemplateSavedReply = z.infer<typeof templateSavedResponseSchema>;

export const updateSharedTemplate = ({ id, body }: { id: string; body: AdminTemplateBody }) =>
  api.put<TemplateSavedReply>(`/api/sms/templates/${segment(id)}`, body);

export function useUpdateSharedTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSharedTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.templates }),
  });
}

// PUT /api/templates/:id: one of the customer's own templates (another's is a 404).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerTemplateBody, templateSavedResponseSchema } from '@kurir/core';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type TemplateSavedReply = z.infer<typeof templateSavedResponseSchema>;

export const updateMyTemplate = ({ id, body }: { id: string; body: CustomerTemplateBody }) =>
  api.put<TemplateSavedReply>(`/api/templates/${segment(id)}`, body);

export function useUpdateMyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMyTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.templates }) });
}

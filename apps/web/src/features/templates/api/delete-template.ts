// DELETE /api/templates/:id: one of the customer's own templates.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templateDeletedResponseSchema } from '@kurir/core';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export const deleteMyTemplate = (id: string) => api.delete<z.infer<typeof templateDeletedResponseSchema>>(`/api/templates/${segment(id)}`);

export function useDeleteMyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMyTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.templates }) });
}

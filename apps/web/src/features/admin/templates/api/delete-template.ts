// DELETE /api/sms/templates/:id: a shared template.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { templateDeletedResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export const deleteSharedTemplate = (id: string) =>
  api.delete<z.infer<typeof templateDeletedResponseSchema>>(`/api/sms/templates/${segment(id)}`);

export function useDeleteSharedTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSharedTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.templates }),
  });
}

// DELETE /api/phonebooks/:id/entries/:entryId: one contact.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema } from '@kurir/core/schemas/auth';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export const deleteEntry = ({ phonebookId, entryId }: { phonebookId: string; entryId: string }) =>
  api.delete<z.infer<typeof messageResponseSchema>>(`/api/phonebooks/${segment(phonebookId)}/entries/${segment(entryId)}`);

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks }),
  });
}

// DELETE /api/phonebooks/:id/entries/:entryId: one contact.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { entriesKey, invalidatePhonebookQueries } from './keys';

export function useDeleteEntry(phonebookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      api.delete<{ message: string }>(`${entriesKey(phonebookId)[0]}/${encodeURIComponent(entryId)}`),
    onSuccess: () => invalidatePhonebookQueries(queryClient),
  });
}

// PUT /api/phonebooks/:id/entries/:entryId: one contact changed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactBody } from '@kurir/core/schemas/phonebooks';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { EntryChangedReply } from './create-entry';

export const updateEntry = ({ phonebookId, entryId, body }: { phonebookId: string; entryId: string; body: ContactBody }) =>
  api.put<EntryChangedReply>(`/api/phonebooks/${segment(phonebookId)}/entries/${segment(entryId)}`, body);

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks }),
  });
}

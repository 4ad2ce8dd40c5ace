// POST /api/phonebooks/:id/entries: one new contact.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactBody, phonebookEntryResponseSchema } from '@kurir/core/schemas/phonebooks';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type EntryChangedReply = z.infer<typeof phonebookEntryResponseSchema>;

export const createEntry = ({ phonebookId, body }: { phonebookId: string; body: ContactBody }) =>
  api.post<EntryChangedReply>(`/api/phonebooks/${segment(phonebookId)}/entries`, body);

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    // The phonebook's count moves too: every phonebook query reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks }),
  });
}

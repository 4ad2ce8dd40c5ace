// POST /api/phonebooks/:id/entries and PUT /api/phonebooks/:id/entries/:entryId: one contact.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactBody, PhonebookEntry } from '@kurir/core';
import { api } from '../../../lib/api';
import { entriesKey, invalidatePhonebookQueries } from './keys';

type Saved = { entry: PhonebookEntry; message: string };

export function useAddEntry(phonebookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBody) => api.post<Saved>(entriesKey(phonebookId)[0], body),
    onSuccess: () => invalidatePhonebookQueries(queryClient),
  });
}

export function useUpdateEntry(phonebookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: string; body: ContactBody }) =>
      api.put<Saved>(`${entriesKey(phonebookId)[0]}/${encodeURIComponent(entryId)}`, body),
    onSuccess: () => invalidatePhonebookQueries(queryClient),
  });
}

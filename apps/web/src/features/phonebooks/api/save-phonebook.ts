// POST /api/phonebooks and PUT /api/phonebooks/:id: create or rename a phonebook.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Phonebook, PhonebookBody } from '@kurir/core';
import { api } from '../../../lib/api';
import { invalidatePhonebookQueries, phonebookKey, phonebooksKey } from './keys';

type Saved = { phonebook: Phonebook; message: string };

export function useCreatePhonebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhonebookBody) => api.post<Saved>(phonebooksKey[0], body),
    onSuccess: () => invalidatePhonebookQueries(queryClient),
  });
}

export function useUpdatePhonebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PhonebookBody }) => api.put<Saved>(phonebookKey(id)[0], body),
    onSuccess: () => invalidatePhonebookQueries(queryClient),
  });
}

// POST /api/phonebooks: a new phonebook. Every phonebook change reloads all phonebook queries
// (spec §7): the list's counts, the phonebook and its entries, and the Send page's picker.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phonebookChangedResponseSchema, PhonebookBody } from '@kurir/core/schemas/phonebooks';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type PhonebookChangedReply = z.infer<typeof phonebookChangedResponseSchema>;

export const createPhonebook = (body: PhonebookBody) => api.post<PhonebookChangedReply>('/api/phonebooks', body);

export function useCreatePhonebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPhonebook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks }),
  });
}

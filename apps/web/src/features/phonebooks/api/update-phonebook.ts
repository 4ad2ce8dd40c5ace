// PUT /api/phonebooks/:id: renames a phonebook or changes its description.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhonebookBody } from '@kurir/core/schemas/phonebooks';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { PhonebookChangedReply } from './create-phonebook';

export const updatePhonebook = ({ id, body }: { id: string; body: PhonebookBody }) =>
  api.put<PhonebookChangedReply>(`/api/phonebooks/${segment(id)}`, body);

export function useUpdatePhonebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhonebook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks }),
  });
}

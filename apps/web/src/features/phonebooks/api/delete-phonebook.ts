// DELETE /api/phonebooks/:id: the phonebook and all its contacts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema } from '@kurir/core/schemas/auth';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { getPhonebookKey } from './get-phonebook';

export const deletePhonebook = (id: string) =>
  api.delete<z.infer<typeof messageResponseSchema>>(`/api/phonebooks/${segment(id)}`);

export function useDeletePhonebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhonebook,
    onSuccess: (_reply, id) => {
      // Its own queries (the phonebook and its entries) would only answer 404 now: drop them
      // instead of refetching.
      queryClient.removeQueries({ queryKey: getPhonebookKey(id) });
      return queryClient.invalidateQueries({ queryKey: queryRoots.phonebooks });
    },
  });
}

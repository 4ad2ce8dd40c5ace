// DELETE /api/phonebooks/:id: the phonebook and all its contacts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidatePhonebookQueries, phonebookKey } from './keys';

export function useDeletePhonebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(phonebookKey(id)[0]),
    onSuccess: (_reply, id) => {
      // Its own queries would only answer 404 now: drop them instead of refetching.
      queryClient.removeQueries({ queryKey: phonebookKey(id) });
      return invalidatePhonebookQueries(queryClient);
    },
  });
}

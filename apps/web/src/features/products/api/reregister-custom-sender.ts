// POST /api/user/products/reregister-custom-sender: a denied sender name, submitted again free of
// charge; the user's products and the admins' pending list change (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { USER_PRODUCTS_KEY } from './get-user-products';

export const reregisterCustomSender = (senderName: string) =>
  api.post<{ message: string }>('/api/user/products/reregister-custom-sender', { senderName });

export function useReregisterCustomSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reregisterCustomSender,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USER_PRODUCTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/pending-custom-sender-names'] });
    },
  });
}

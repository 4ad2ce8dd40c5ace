// POST /api/user/products/purchase: buys from the balance. Afterwards the balance, the features
// (sidebar gating, Send page), the user's products and the transactions all change (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseBody, PurchaseResponse, User } from '@kurir/core';
import { api } from '../../../lib/api';
import { USER_PRODUCTS_KEY } from './get-user-products';

export const purchaseProduct = (body: PurchaseBody) => api.post<PurchaseResponse>('/api/user/products/purchase', body);

export function usePurchaseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseProduct,
    onSuccess: (reply) => {
      queryClient.setQueryData<User | null>(['/api/auth/me'], (old) => (old ? { ...old, credit: reply.newCredit } : old));
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] });
      void queryClient.invalidateQueries({ queryKey: USER_PRODUCTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard/recent-transactions'] });
    },
  });
}

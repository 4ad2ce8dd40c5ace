// POST /api/user/products/purchase: buys from the balance. Afterwards the balance, the features
// (sidebar gating, Send page), the user's products and the transactions all change (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseBody, PurchaseResponse } from '@kurir/core/schemas/products';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { applyNewCredit } from '../../../lib/session/current-user';
import { getUserProductsKey } from './get-user-products';

export const purchaseProduct = (body: PurchaseBody) => api.post<PurchaseResponse>('/api/user/products/purchase', body);

export function usePurchaseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseProduct,
    onSuccess: (reply) => {
      void applyNewCredit(queryClient, reply.newCredit);
      void queryClient.invalidateQueries({ queryKey: getUserProductsKey() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.ledger });
    },
  });
}

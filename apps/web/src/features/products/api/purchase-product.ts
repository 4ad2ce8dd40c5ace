// POST /api/user/products/purchase: buys from the balance. Afterwards the balance, the features
// (sidebar gating, Send page), the user's products and the transactions all change (spec §7).
// With an Idempotency-Key (one per confirmed purchase) a retried purchase is made once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseBody, PurchaseResponse } from '@kurir/core/schemas/products';
import type { Keyed } from '../../../lib/action-key';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { applyNewCredit } from '../../../lib/session/current-user';
import { getUserProductsKey } from './get-user-products';

export const purchaseProduct = ({ body, idempotencyKey }: Keyed<PurchaseBody>) =>
  api.post<PurchaseResponse>('/api/user/products/purchase', body, { idempotencyKey });

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

// POST /api/user/products/reregister-custom-sender: a denied sender name, submitted again free of
// charge; the user's products and the admins' pending list change (spec §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema } from '@kurir/core/schemas/auth';
import type { reregisterSenderBodySchema } from '@kurir/core/schemas/products';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { getUserProductsKey } from './get-user-products';

export type ReregisterSenderBody = z.input<typeof reregisterSenderBodySchema>;

export const reregisterCustomSender = (body: ReregisterSenderBody) =>
  api.post<z.infer<typeof messageResponseSchema>>('/api/user/products/reregister-custom-sender', body);

export function useReregisterCustomSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reregisterCustomSender,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: getUserProductsKey() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.senderNames });
    },
  });
}

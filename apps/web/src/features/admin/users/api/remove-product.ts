// DELETE /api/admin/users/{id}/products/{assignmentId}: take a product away; revoked at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { removeProductResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type RemoveProductReply = z.infer<typeof removeProductResponseSchema>;

export const removeProduct = (userId: string, assignmentId: string) =>
  api.delete<RemoveProductReply>(`/api/admin/users/${segment(userId)}/products/${segment(assignmentId)}`);

export function useRemoveProduct(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) => removeProduct(userId, assignmentId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.products }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.senderNames }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
      ]),
  });
}

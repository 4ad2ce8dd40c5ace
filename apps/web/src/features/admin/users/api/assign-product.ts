// POST /api/admin/users/{id}/products: give the user a product; it takes effect at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AssignProductBody, assignProductResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AssignProductReply = z.infer<typeof assignProductResponseSchema>;

export const assignProduct = (userId: string, body: AssignProductBody) =>
  api.post<AssignProductReply>(`/api/admin/users/${segment(userId)}/products`, body);

export function useAssignProduct(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignProductBody) => assignProduct(userId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.products }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
      ]),
  });
}

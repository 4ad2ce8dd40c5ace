// DELETE /api/products/:id: erases a product nobody bought; one that was bought is retired instead
// (off the catalogue, its buyers keep it to expiry), and `outcome` says which happened.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productDeletedResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { refreshAfterCatalogueChange } from './invalidate-catalogue';

export type ProductDeletedReply = z.infer<typeof productDeletedResponseSchema>;

export const deleteProduct = (id: string) => api.delete<ProductDeletedReply>(`/api/products/${segment(id)}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => refreshAfterCatalogueChange(queryClient) });
}

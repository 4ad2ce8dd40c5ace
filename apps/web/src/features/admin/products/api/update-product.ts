// PUT /api/products/:id: the whole product. Prices apply to what is bought and sent from now on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductInput, productSavedResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { refreshAfterCatalogueChange } from './invalidate-catalogue';

export type ProductSavedReply = z.infer<typeof productSavedResponseSchema>;

export const updateProduct = ({ id, body }: { id: string; body: ProductInput }) =>
  api.put<ProductSavedReply>(`/api/products/${segment(id)}`, body);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => refreshAfterCatalogueChange(queryClient) });
}

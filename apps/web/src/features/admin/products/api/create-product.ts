// POST /api/products: a new catalogue product.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductInput, productSavedResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { refreshAfterCatalogueChange } from './invalidate-catalogue';

export type ProductSavedReply = z.infer<typeof productSavedResponseSchema>;

export const createProduct = (body: ProductInput) => api.post<ProductSavedReply>('/api/products', body);

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => refreshAfterCatalogueChange(queryClient) });
}

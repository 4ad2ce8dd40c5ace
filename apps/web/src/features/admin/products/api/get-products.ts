// GET /api/products: for an admin, the whole catalogue (inactive and retired products too, with
// their buy prices); customers read the same route for what is on sale.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { catalogueResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type CatalogueReply = z.infer<typeof catalogueResponseSchema>;

export const getAdminProductsKey = () => [...queryRoots.products, 'admin-catalogue'] as const;

export const getAdminProducts = () => api.get<CatalogueReply>('/api/products');

export const getAdminProductsQuery = () =>
  queryOptions({
    queryKey: getAdminProductsKey(),
    queryFn: getAdminProducts,
    select: (reply) => reply.products,
  });

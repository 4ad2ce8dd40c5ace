// GET /api/products: the catalogue as admins see it (inactive and retired too), for the product
// picker of User Products. A failed fetch is an empty list (admin spec §7).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { catalogueResponseSchema } from '@kurir/core';
import { api } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type CatalogueReply = z.infer<typeof catalogueResponseSchema>;

export const getCatalogueKey = () => [...queryRoots.products, 'catalogue'] as const;

export const getCatalogue = () => api.get<CatalogueReply>('/api/products').catch((): CatalogueReply => ({ products: [] }));

export const getCatalogueQuery = () =>
  queryOptions({ queryKey: getCatalogueKey(), queryFn: getCatalogue, select: (reply) => reply.products });

// GET /api/products/available: the catalogue on sale now.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { availableProductsResponseSchema } from '@kurir/core/schemas/products';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type AvailableProductsReply = z.infer<typeof availableProductsResponseSchema>;

export const getAvailableProductsKey = () => [...queryRoots.products, 'available'] as const;

export const getAvailableProducts = () => api.get<AvailableProductsReply>('/api/products/available');

export const getAvailableProductsQuery = () =>
  queryOptions({ queryKey: getAvailableProductsKey(), queryFn: getAvailableProducts });

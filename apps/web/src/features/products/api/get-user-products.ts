// GET /api/user/products: the services this user has bought, newest first.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userProductsResponseSchema } from '@kurir/core/schemas/products';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type UserProductsReply = z.infer<typeof userProductsResponseSchema>;

export const getUserProductsKey = () => [...queryRoots.products, 'mine'] as const;

export const getUserProducts = () => api.get<UserProductsReply>('/api/user/products');

export const getUserProductsQuery = () => queryOptions({ queryKey: getUserProductsKey(), queryFn: getUserProducts });

// GET /api/users/{id}/products: the user's product assignments (Edit User, User Products tab).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userProductsResponseSchema } from '@kurir/core';
import { api, segment } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type UserProductsReply = z.infer<typeof userProductsResponseSchema>;

export const getUserProductsKey = (userId: string) => [...queryRoots.products, 'of-user', userId] as const;

export const getUserProducts = (userId: string) => api.get<UserProductsReply>(`/api/users/${segment(userId)}/products`);

export const getUserProductsQuery = (userId: string) =>
  queryOptions({ queryKey: getUserProductsKey(userId), queryFn: () => getUserProducts(userId), select: (reply) => reply.userProducts });

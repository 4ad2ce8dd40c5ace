// GET /api/user/products: the services this user has bought, newest first.
import { queryOptions } from '@tanstack/react-query';
import type { UserProduct } from '@kurir/core';

export const USER_PRODUCTS_KEY = ['/api/user/products'] as const;

export const userProductsQuery = queryOptions<{ userProducts: UserProduct[] }>({ queryKey: USER_PRODUCTS_KEY });

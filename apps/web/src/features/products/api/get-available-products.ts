// GET /api/products/available: the catalogue on sale now.
import { queryOptions } from '@tanstack/react-query';
import type { AvailableProduct } from '@kurir/core';

export const AVAILABLE_PRODUCTS_KEY = ['/api/products/available'] as const;

export const availableProductsQuery = queryOptions<{ products: AvailableProduct[] }>({ queryKey: AVAILABLE_PRODUCTS_KEY });

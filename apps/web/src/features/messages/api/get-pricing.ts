// GET /api/sms/pricing and /api/viber/pricing: the per-message price, tax included, in euros.
// Prices change rarely, but an operator may change them while a customer has the page open: the
// cached price is read again when a page asks for it after a minute, so a quote is not days old.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Channel } from '@kurir/core/constants';
import type { pricingResponseSchema } from '@kurir/core/schemas/products';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type Pricing = z.infer<typeof pricingResponseSchema>;

export const getPricingKey = (channel: Channel) => [...queryRoots.pricing, channel] as const;

export const getPricing = (channel: Channel) => api.get<Pricing>(`/api/${channel}/pricing`);

export const getPricingQuery = (channel: Channel) =>
  queryOptions({ queryKey: getPricingKey(channel), queryFn: () => getPricing(channel), staleTime: 60_000 });

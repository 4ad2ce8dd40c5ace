// GET /api/sms/pricing and /api/viber/pricing: the per-message price, tax included, in euros.
import { queryOptions } from '@tanstack/react-query';
import type { Channel } from '@kurir/core';

export type Pricing = { sellPriceWithTax: number };

/** The default query fn GETs the key's URL; prices change rarely, so the cache keeps them. */
export const pricingQuery = (channel: Channel) =>
  queryOptions<Pricing>({ queryKey: [`/api/${channel}/pricing`] });

// The customer's side of the catalogue: what is on sale, what I have, buying, re-submitting a
// denied sender name, and the per-message prices the Send page quotes with.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availableProductsResponseSchema,
  messageResponseSchema,
  microsToEuros,
  pricingResponseSchema,
  purchaseBodySchema,
  purchaseResponseSchema,
  reregisterSenderBodySchema,
  userProductsResponseSchema,
  CHANNELS,
} from '@kurir/core';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/access';
import { idempotencyKeyHeaders } from '../../http/idempotency';
import { getMessagePrices } from './catalogue';
import { reregisterSenderName } from './custom-sender.service';
import { toAvailableProductDto, toUserProductDto } from './product-dto';
import { listProductsOnSale, listUserProducts } from './products.repo';
import { purchaseProduct } from './purchase.service';

export function productRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/products/available',
      { config: { access: 'customer' }, schema: { response: { 200: availableProductsResponseSchema } } },
      async () => ({ products: (await listProductsOnSale(db, new Date())).map(toAvailableProductDto) }),
    );

    r.get('/api/user/products', { config: { access: 'customer' }, schema: { response: { 200: userProductsResponseSchema } } }, async (request) => {
      const now = new Date();
      const rows = await listUserProducts(db, requireUser(request).id);
      return { userProducts: rows.map(({ row, product }) => toUserProductDto(row, product, now)) };
    });

    r.post(
      '/api/user/products/purchase',
      // Idempotency-Key: a retried purchase (the web sends one key per confirmed purchase) is made once.
      {
        config: { access: 'customer', writesCachedData: true, idempotent: true },
        schema: { headers: idempotencyKeyHeaders, body: purchaseBodySchema, response: { 200: purchaseResponseSchema } },
      },
      async (request) => purchaseProduct(db, requireUser(request).id, request.body),
    );

    r.post(
      '/api/user/products/reregister-custom-sender',
      { config: { access: 'customer', writesCachedData: true }, schema: { body: reregisterSenderBodySchema, response: { 200: messageResponseSchema } } },
      async (request) => reregisterSenderName(db, requireUser(request).id, request.body.senderName),
    );

    for (const channel of CHANNELS) {
      r.get(`/api/${channel}/pricing`, { config: { access: 'customer' }, schema: { response: { 200: pricingResponseSchema } } }, async () => ({
        sellPriceWithTax: microsToEuros((await getMessagePrices(db))[channel]),
      }));
    }
  };
}

// The catalogue: GET /api/products for everyone signed in (customers see what is on sale; admins
// every product, inactive and retired included), and the admin's create, edit and delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import {
  PRODUCT_FORM_MESSAGES,
  catalogueResponseSchema,
  idParamsSchema,
  productBodySchema,
  productDeletedResponseSchema,
  productSavedResponseSchema,
} from '@kurir/core';
import type { Database } from '../../../db/client';
import { products } from '../../../db/schema';
import { requireUser } from '../../../http/access';
import { listProductsOnSale } from '../../products/products.repo';
import { toCatalogueProductDto } from './catalogue-dto';
import { createProduct, deleteProduct, updateProduct } from './catalogue-admin.service';

export function adminCatalogueRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/products', { config: { access: 'customer' }, schema: { response: { 200: catalogueResponseSchema } } }, async (request) => {
      const isAdmin = requireUser(request).role === 'admin';
      const rows = isAdmin
        ? await db.select().from(products).orderBy(asc(products.createdAt), asc(products.name))
        : await listProductsOnSale(db, new Date());
      return { products: rows.map((p) => toCatalogueProductDto(p, isAdmin)) };
    });

    r.post('/api/products', { config: { access: 'admin' }, schema: { body: productBodySchema, response: { 200: productSavedResponseSchema } } }, async (request) => ({
      message: PRODUCT_FORM_MESSAGES.created,
      product: toCatalogueProductDto(await createProduct(db, requireUser(request).id, request.body), true),
    }));

    r.put(
      '/api/products/:id',
      { config: { access: 'admin' }, schema: { params: idParamsSchema, body: productBodySchema, response: { 200: productSavedResponseSchema } } },
      async (request) => ({
        message: PRODUCT_FORM_MESSAGES.updated,
        product: toCatalogueProductDto(await updateProduct(db, requireUser(request).id, request.params.id, request.body), true),
      }),
    );

    r.delete('/api/products/:id', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: productDeletedResponseSchema } } }, async (request) => {
      const outcome = await deleteProduct(db, requireUser(request).id, request.params.id);
      return { outcome, message: outcome === 'retired' ? PRODUCT_FORM_MESSAGES.retired : PRODUCT_FORM_MESSAGES.deleted };
    });
  };
}

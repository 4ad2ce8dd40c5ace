// A user's products on the admin Edit User dialog: list, assign, remove.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_MESSAGES,
  USER_PRODUCT_MESSAGES,
  assignProductBodySchema,
  assignProductResponseSchema,
  assignmentParamsSchema,
  idParamsSchema,
  removeProductResponseSchema,
  userProductsResponseSchema,
} from '@kurir/core';
import type { Database } from '../../../db/client';
import { requireUser } from '../../../http/access';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { toUserProductDto } from '../../products/product-dto';
import { listUserProducts } from '../../products/products.repo';
import { findUser } from '../users/users.repo';
import { assignProduct, removeProduct } from './user-products.service';

export function adminUserProductsRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/users/:id/products', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: userProductsResponseSchema } } }, async (request) => {
      if (!isUuid(request.params.id) || !(await findUser(db, request.params.id))) throw notFound(ADMIN_USER_MESSAGES.notFound);
      const now = new Date();
      const rows = await listUserProducts(db, request.params.id);
      return { userProducts: rows.map(({ row, product }) => toUserProductDto(row, product, now)) };
    });

    r.post(
      '/api/admin/users/:id/products',
      { config: { access: 'admin' }, schema: { params: idParamsSchema, body: assignProductBodySchema, response: { 200: assignProductResponseSchema } } },
      async (request) => ({
        message: USER_PRODUCT_MESSAGES.added,
        userProduct: await assignProduct(db, requireUser(request).id, request.params.id, request.body),
      }),
    );

    r.delete(
      '/api/admin/users/:id/products/:assignmentId',
      { config: { access: 'admin' }, schema: { params: assignmentParamsSchema, response: { 200: removeProductResponseSchema } } },
      async (request) => ({
        message: USER_PRODUCT_MESSAGES.removed,
        userProduct: await removeProduct(db, requireUser(request).id, request.params.id, request.params.assignmentId),
      }),
    );
  };
}

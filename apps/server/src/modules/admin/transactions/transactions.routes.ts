// The admin's views of the ledger: one user's (paged, and the export), everyone's with the four
// summaries, and the integrity test.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_MESSAGES,
  adminTransactionsQuerySchema,
  adminTransactionsResponseSchema,
  idParamsSchema,
  testTransactionsResponseSchema,
  transactionsExportQuerySchema,
  transactionsExportResponseSchema,
  userTransactionsQuerySchema,
  userTransactionsResponseSchema,
} from '@kurir/core';
import type { Database } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { findUser } from '../users/users.repo';
import { exportUserTransactions, getAdminTransactions, getUserTransactions, testTransactionSystem } from './transactions.service';

export function adminTransactionsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const requireExistingUser = async (id: string) => {
    if (!isUuid(id) || !(await findUser(db, id))) throw notFound(ADMIN_USER_MESSAGES.notFound);
  };
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/users/:id/transactions',
      { config: { access: 'admin' }, schema: { params: idParamsSchema, querystring: userTransactionsQuerySchema, response: { 200: userTransactionsResponseSchema } } },
      async (request) => {
        await requireExistingUser(request.params.id);
        return getUserTransactions(db, request.params.id, request.query.page, request.query.limit);
      },
    );

    r.get(
      '/api/admin/transactions/export',
      { config: { access: 'admin' }, schema: { querystring: transactionsExportQuerySchema, response: { 200: transactionsExportResponseSchema } } },
      async (request) => {
        await requireExistingUser(request.query.userId);
        return { success: true as const, transactions: await exportUserTransactions(db, request.query.userId) };
      },
    );

    r.get(
      '/api/admin/transactions',
      { config: { access: 'admin' }, schema: { querystring: adminTransactionsQuerySchema, response: { 200: adminTransactionsResponseSchema } } },
      async (request) => getAdminTransactions(db, request.query),
    );

    // The spec's client posts with a JSON content type and no body; an empty body is accepted here.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, body === '' ? undefined : JSON.parse(body as string));
        } catch (error) {
          (error as { statusCode?: number }).statusCode = 400;
          done(error as Error, undefined);
        }
      });
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post('/api/test-transactions', { config: { access: 'admin' }, schema: { response: { 200: testTransactionsResponseSchema } } }, async () =>
          testTransactionSystem(db),
        );
    });
  };
}

// The admin's views of the ledger: one user's (paged, and the export, streamed whole), everyone's
// with the four summaries, and the integrity test.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { exportUserTransactionsJson, getAdminTransactions, getUserTransactions, testTransactionSystem } from './transactions.service';

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
      async (request, reply) => {
        await requireExistingUser(request.query.userId);
        // Streamed page by page (the schema above documents its shape; a stream is not serialised).
        // A failure half-way cuts the reply short, which the browser's JSON parse reports as a failed
        // export rather than a short file.
        const untyped: FastifyReply = reply; // the typed reply would want the object itself
        return untyped
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(Readable.from(exportUserTransactionsJson(db, request.query.userId)));
      },
    );

    r.get(
      '/api/admin/transactions',
      { config: { access: 'admin' }, schema: { querystring: adminTransactionsQuerySchema, response: { 200: adminTransactionsResponseSchema } } },
      async (request) => getAdminTransactions(db, request.query),
    );

    // The spec's client posts with a JSON content type and no body (http/input-guard.ts reads it as none).
    r.post('/api/test-transactions', { config: { access: 'admin' }, schema: { response: { 200: testTransactionsResponseSchema } } }, async () =>
      testTransactionSystem(db),
    );
  };
}

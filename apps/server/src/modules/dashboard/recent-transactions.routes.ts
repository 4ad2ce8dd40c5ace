// GET /api/dashboard/recent-transactions: the signed-in user's last ledger entries for the
// balance card, newest first.
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RECENT_TRANSACTIONS_LIMIT, microsToEuros, recentTransactionsResponseSchema } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { transactions } from '../../db/schema';
import { requireUser } from '../../http/access';

export async function listRecentTransactions(db: DbOrTx, userId: string, limit = RECENT_TRANSACTIONS_LIMIT) {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.map((t) => ({
    id: t.id,
    type: t.type,
    description: t.description,
    amount: microsToEuros(t.amount),
    created_at: t.createdAt.toISOString(),
    balance_after: microsToEuros(t.balanceAfter),
  }));
}

export function recentTransactionsRoutes(deps: { db: DbOrTx }) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/dashboard/recent-transactions',
      { config: { access: 'customer' }, schema: { response: { 200: recentTransactionsResponseSchema } } },
      async (request) => ({ success: true as const, transactions: await listRecentTransactions(deps.db, requireUser(request).id) }),
    );
  };
}

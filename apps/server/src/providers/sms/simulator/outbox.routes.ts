// GET /api/dev/outbox: what the simulator provider received, newest first. Registered only while
// the simulator is the active provider, so it cannot exist next to a real SMS account.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { normalizePhone } from '@kurir/core';
import type { Database } from '../../../db/client';
import { simulatorOutbox } from '../../../db/schema';

const querySchema = z.object({
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export function outboxRoutes(db: Database) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/dev/outbox',
      { config: { access: 'public' }, schema: { querystring: querySchema } },
      async (request) => {
        const to = request.query.to ? normalizePhone(request.query.to) : undefined;
        const rows = await db
          .select()
          .from(simulatorOutbox)
          .where(to ? eq(simulatorOutbox.to, to) : undefined)
          .orderBy(desc(simulatorOutbox.createdAt))
          .limit(request.query.limit);
        return {
          messages: rows.map((m) => ({
            id: m.id,
            to: m.to,
            from: m.from,
            text: m.text,
            channel: m.channel,
            created_at: m.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}

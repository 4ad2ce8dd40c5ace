// Idempotency-Key on every POST under /api/v1. The first request with a key inserts its row
// (primary key: API key + Idempotency-Key), runs, and stores its status and exact body. A retry with
// the same body within 24 hours gets that answer back, byte for byte, without running again; a
// retry that arrives while the first is still running waits for it (polling the row, so it works
// across instances). The same key with another body is a 409. A 5xx is not kept: the row is
// removed, so the retry runs for real.
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';

export const IDEMPOTENCY_TTL_HOURS = 24;
/** A first request still unanswered after this long is taken to have died with its process. */
const STALE_AFTER_MS = 60_000;
/** How long a retry waits for the first request's answer. */
const WAIT_MS = 30_000;
const POLL_MS = 25;

interface Claim {
  keyId: string;
  key: string;
  /** The row's created_at, to the microsecond: a row taken over after STALE_AFTER_MS is another claim. */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

export function registerIdempotency(app: FastifyInstance, db: Database) {
  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'POST' || !request.apiKey) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (key.length === 0 || key.length > 255) throw badRequest('Idempotency-Key must be 1 to 255 characters.', 'validation_failed');
    const hash = createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
    const stored = await claimOrWait(db, { keyId: request.apiKey.id, key }, hash);
    if ('token' in stored) {
      request.idempotency = stored;
      return;
    }
    return replay(reply, stored);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    // Only while the row is still this request's: one that ran past STALE_AFTER_MS and was taken
    // over by a retry must not overwrite (or remove) the retry's answer.
    const where = and(
      eq(idempotencyKeys.keyId, claim.keyId),
      eq(idempotencyKeys.idempotencyKey, claim.key),
      sql`${idempotencyKeys.createdAt} = ${claim.token}::timestamptz`,
    );
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : JSON.stringify(payload ?? null);
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: body }).where(where);
    }
    return payload;
  });
}

type Stored = { statusCode: number; responseBody: string };

async function claimOrWait(db: Database, claim: Omit<Claim, 'token'>, hash: string): Promise<Claim | Stored> {
  const where = and(eq(idempotencyKeys.keyId, claim.keyId), eq(idempotencyKeys.idempotencyKey, claim.key));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // An answer older than the TTL is forgotten: the key may be used afresh.
    await db.delete(idempotencyKeys).where(and(where, sql`${idempotencyKeys.createdAt} < now() - ${IDEMPOTENCY_TTL_HOURS} * interval '1 hour'`));
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ keyId: claim.keyId, idempotencyKey: claim.key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ token: sql<string>`${idempotencyKeys.createdAt}::text` });
    if (inserted[0]) return { ...claim, token: inserted[0].token };
    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        responseBody: idempotencyKeys.responseBody,
        ageMs: sql<number>`extract(epoch from (now() - ${idempotencyKeys.createdAt})) * 1000`.mapWith(Number),
      })
      .from(idempotencyKeys)
      .where(where);
    if (!row) continue; // the first request failed (5xx) or expired: try to claim again
    if (row.requestHash !== hash) {
      throw new AppError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
    }
    if (row.statusCode !== null && row.responseBody !== null) return { statusCode: row.statusCode, responseBody: row.responseBody };
    if (row.ageMs > STALE_AFTER_MS) {
      await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.statusCode)));
      continue;
    }
    if (Date.now() > deadline) {
      throw new AppError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry later.');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function replay(reply: FastifyReply, stored: Stored) {
  return reply
    .status(stored.statusCode)
    .header('idempotent-replayed', 'true')
    .header('content-type', 'application/json; charset=utf-8')
    .send(stored.responseBody);
}

/** Answers older than the TTL, removed by a periodic job. */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - ${IDEMPOTENCY_TTL_HOURS} * interval '1 hour'`)
    .returning({ keyId: idempotencyKeys.keyId });
  return rows.length;
}

// Idempotency-Key on the POSTs that declare `config: { idempotent }`: every POST under /api/v1
// (keyed by the API key) and the web app's paid routes — send, schedule, purchase, top-up — keyed
// by the signed-in user. The first request with a key inserts its row (unique per owner and
// Idempotency-Key), runs, and stores its status and exact body. A retry with the same body within
// 24 hours gets that answer back, byte for byte, without running again; a retry that arrives while
// the first is still running waits for it (polling the row, so it works across instances). The
// same key with another body is a 409, in the route family's own error shape (http/errors.ts). A
// 5xx is not kept: the row is removed, so the retry runs for real. A request without the header
// runs as always.
//
// A send's answer is stored after the send's own transaction, so it can be lost after the send
// committed: the process dies in between, or the connection breaks after the commit (a 503). A
// send therefore notes its batch id on the row before it runs (noteNewIdempotentBatch); when its
// answer is lost, the route's `rebuild` finds the batch's messages and the answer is built from
// them instead of the send running again (for a 5xx at once, for a dead process when a retry
// takes the row over).
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest } from '../lib/errors';
import { timeOrderedUuid } from '../lib/ids';

export const IDEMPOTENCY_TTL_HOURS = 24;
/** A first request still unanswered after this long is taken to have died with its process. */
const STALE_AFTER_MS = 60_000;
/** How long a retry waits for the first request's answer. */
const WAIT_MS = 30_000;
const POLL_MS = 25;

/** The header as a route schema documents it (OpenAPI); the hook checks it before validation. */
export const idempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .max(255)
    .optional()
    .meta({ description: 'Any unique string (e.g. a UUID). A retry with the same key and body within 24 h returns the first answer.' }),
});

/** Whose keys a request's Idempotency-Key is one of: the API key's, or the signed-in user's. */
type Owner = { kind: 'api_key'; id: string } | { kind: 'user'; id: string };

interface Claim {
  owner: Owner;
  key: string;
  /** The row's created_at, to the microsecond: a row taken over after STALE_AFTER_MS is another claim. */
  token: string;
  /** The send's batch, once noted (noteNewIdempotentBatch). */
  batchId?: string;
}

type Stored = { statusCode: number; responseBody: string };

/** A route's answer rebuilt from the batch its request wrote, or null when that batch was not written. */
export type RebuildAnswer = (batchId: string, request: FastifyRequest) => Promise<Stored | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The POST honours Idempotency-Key. A send gives `rebuild`, which answers from the batch it
     * wrote when its own answer was lost (with noteNewIdempotentBatch before it writes).
     */
    idempotent?: true | { rebuild: RebuildAnswer };
  }
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

/**
 * When the request holds an Idempotency-Key, a new batch id noted on its row before the send
 * writes that batch (the send must then use it); undefined otherwise (the send picks its own).
 */
export async function noteNewIdempotentBatch(db: Database, request: FastifyRequest): Promise<string | undefined> {
  const claim = request.idempotency;
  if (!claim) return undefined;
  const batchId = timeOrderedUuid();
  await db.update(idempotencyKeys).set({ batchId }).where(claimed(claim));
  claim.batchId = batchId;
  return batchId;
}

const ownedBy = (owner: Owner) => (owner.kind === 'api_key' ? eq(idempotencyKeys.keyId, owner.id) : eq(idempotencyKeys.userId, owner.id));
const ownerColumns = (owner: Owner) => (owner.kind === 'api_key' ? { keyId: owner.id } : { userId: owner.id });

/** The row while it is still this claim's. */
function claimed(claim: Claim) {
  return and(ownedBy(claim.owner), eq(idempotencyKeys.idempotencyKey, claim.key), sql`${idempotencyKeys.createdAt} = ${claim.token}::timestamptz`);
}

function ownerOf(request: FastifyRequest): Owner | null {
  if (request.apiKey) return { kind: 'api_key', id: request.apiKey.id };
  if (request.user) return { kind: 'user', id: request.user.id };
  return null;
}

const rebuilderOf = (request: FastifyRequest) => {
  const option = request.routeOptions.config?.idempotent;
  return typeof option === 'object' ? option.rebuild : undefined;
};

/** Once, app-wide: the hooks act only on routes whose config says `idempotent`. */
export function registerIdempotency(app: FastifyInstance, db: Database) {
  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'POST' || !request.routeOptions.config?.idempotent) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const owner = ownerOf(request);
    if (!owner) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (key.length === 0 || key.length > 255) throw badRequest('Idempotency-Key must be 1 to 255 characters.', 'validation_failed');
    const hash = createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
    const rebuild = rebuilderOf(request);
    const stored = await claimOrWait(db, { owner, key }, hash, rebuild && ((batchId) => rebuild(batchId, request)));
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
    const where = claimed(claim);
    const rebuild = rebuilderOf(request);
    if (reply.statusCode >= 500 && claim.batchId && rebuild) {
      // The send may have committed before it failed. If the database cannot say (or take the
      // answer), the row stays unanswered, and a retry takes it over later and asks again.
      const rebuilt = await rebuild(claim.batchId, request).catch(() => undefined);
      if (rebuilt) await db.update(idempotencyKeys).set(rebuilt).where(where).catch(() => {});
      else if (rebuilt === null) await db.delete(idempotencyKeys).where(where).catch(() => {});
    } else if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : JSON.stringify(payload ?? null);
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: body }).where(where);
    }
    return payload;
  });
}

async function claimOrWait(
  db: Database,
  claim: Omit<Claim, 'token'>,
  hash: string,
  rebuild?: (batchId: string) => Promise<Stored | null>,
): Promise<Claim | Stored> {
  const where = and(ownedBy(claim.owner), eq(idempotencyKeys.idempotencyKey, claim.key));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // An answer older than the TTL is forgotten: the key may be used afresh.
    await db.delete(idempotencyKeys).where(and(where, sql`${idempotencyKeys.createdAt} < now() - ${IDEMPOTENCY_TTL_HOURS} * interval '1 hour'`));
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...ownerColumns(claim.owner), idempotencyKey: claim.key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ token: sql<string>`${idempotencyKeys.createdAt}::text` });
    if (inserted[0]) return { ...claim, token: inserted[0].token };
    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        responseBody: idempotencyKeys.responseBody,
        batchId: idempotencyKeys.batchId,
        token: sql<string>`${idempotencyKeys.createdAt}::text`,
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
      // Its request died. If its send committed first, that is the answer; else it is run again.
      const stale = and(where, isNull(idempotencyKeys.statusCode), sql`${idempotencyKeys.createdAt} = ${row.token}::timestamptz`);
      const rebuilt = row.batchId && rebuild ? await rebuild(row.batchId) : null;
      if (rebuilt) {
        await db.update(idempotencyKeys).set(rebuilt).where(stale);
        return rebuilt;
      }
      await db.delete(idempotencyKeys).where(stale);
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
    .returning({ idempotencyKey: idempotencyKeys.idempotencyKey });
  return rows.length;
}

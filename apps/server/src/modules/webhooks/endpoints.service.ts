// A customer's webhook endpoints, their delivery log and replays. Every query takes the user id:
// another customer's endpoint or delivery is "not found".
import { and, desc, eq, sql } from 'drizzle-orm';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { messageEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { lockUserRow } from '../users/lock-user';
import { queryRows } from '../../db/query-rows';
import { checkWebhookUrl } from './ssrf-guard';
import { newWebhookSecret } from './signature';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DELIVERY_LOG_LIMIT = 100;
const endpointNotFound = () => notFound(WEBHOOK_MESSAGES.notFound);

/**
 * A new endpoint: at most MAX_WEBHOOK_ENDPOINTS per user and each URL once (every event is POSTed
 * to each endpoint, so more would only multiply the requests a receiver gets); the user's row is
 * locked while they are counted.
 */
export async function createEndpoint(db: DbOrTx, userId: string, rawUrl: string, allowPrivate: boolean) {
  const url = await checkWebhookUrl(rawUrl, allowPrivate);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const existing = await tx.select({ url: webhookEndpoints.url }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if (existing.some((e) => e.url === url)) throw conflict(WEBHOOK_MESSAGES.duplicate, 'duplicate_endpoint');
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS) throw conflict(WEBHOOK_MESSAGES.tooMany, 'too_many_endpoints');
    const [row] = await tx.insert(webhookEndpoints).values({ userId, url, secret }).returning({ id: webhookEndpoints.id });
    return { id: row!.id, url, secret };
  });
}

export async function listEndpoints(db: DbOrTx, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    secret: r.secret,
    created_at: r.createdAt.toISOString(),
    disabled_at: r.disabledAt ? r.disabledAt.toISOString() : null,
    disabled_reason: r.disabledReason,
  }));
}

export async function deleteEndpoint(db: DbOrTx, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw endpointNotFound();
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw endpointNotFound();
}

export async function listDeliveries(db: DbOrTx, userId: string, endpointId: string): Promise<WebhookDelivery[]> {
  if (!UUID.test(endpointId)) throw endpointNotFound();
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)));
  if (!endpoint) throw endpointNotFound();
  const rows = await db
    .select({ d: webhookDeliveries, type: messageEvents.type })
    .from(webhookDeliveries)
    .innerJoin(messageEvents, eq(messageEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventSeq))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map(({ d, type }) => ({
    id: d.id,
    event_id: d.eventId,
    event: type,
    message_id: d.messageId,
    status: d.status,
    attempts: d.attempts,
    response_code: d.lastStatusCode,
    latency_ms: d.lastLatencyMs,
    error: d.lastError,
    created_at: d.createdAt.toISOString(),
    last_attempt_at: d.lastAttemptAt ? d.lastAttemptAt.toISOString() : null,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  }));
}

/**
 * Sends a delivery again, now, with a fresh retry schedule. Replaying on a disabled endpoint
 * enables it again: the customer has said it works now. A delivery whose POST is under way (leased
 * by a worker) is refused with a 409: clearing its lease let a second worker POST it at once, and
 * both attempts counted as the first, so the older one's outcome could overwrite the newer one's.
 */
export async function replayDelivery(db: DbOrTx, userId: string, deliveryId: string): Promise<void> {
  if (!UUID.test(deliveryId)) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  // The lease is tested by the update itself, on the row as a concurrent claim left it.
  const rows = await queryRows<{ endpoint_id: string; replayed: boolean }>(db, sql`
    with target as (
      select d.id, d.endpoint_id
        from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
       where d.id = ${deliveryId}::uuid and w.user_id = ${userId}::uuid
    ), replayed as (
      update webhook_deliveries d
         set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, delivered_at = null
        from target
       where d.id = target.id and not (d.status = 'pending' and d.locked_until is not null and d.locked_until > now())
      returning d.id
    )
    select endpoint_id, exists (select 1 from replayed) as replayed from target`);
  if (rows.length === 0) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  if (!rows[0]!.replayed) throw conflict(WEBHOOK_MESSAGES.deliveryInFlight, 'delivery_in_flight');
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, disabledReason: null })
    .where(eq(webhookEndpoints.id, rows[0]!.endpoint_id));
}

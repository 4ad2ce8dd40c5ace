// The webhook delivery queue is the webhook_deliveries table. A claim takes due deliveries of
// enabled endpoints with FOR UPDATE SKIP LOCKED and a lease (any number of workers share the queue,
// a crashed worker's deliveries come back when the lease runs out), only the oldest pending event
// of each message per endpoint (so a message's events arrive in order). A failure is retried on
// the configured schedule; after the last retry the delivery fails and the endpoint is disabled
// with the reason, which Settings shows.
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { postWebhook } from './http-post';
import { SIGNATURE_HEADER, signPayload } from './signature';

export type WebhookConfig = Config['webhooks'];

interface ClaimedDelivery {
  id: string;
  event_id: string;
  attempts: number;
  url: string;
  secret: string;
  payload: unknown;
}

export async function claimDueDeliveries(db: Database, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedDelivery>(db, sql`
    with due as (
      select d.id from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null
       where d.status = 'pending' and d.next_attempt_at <= now()
         and (d.locked_until is null or d.locked_until < now())
         and not exists (select 1 from webhook_deliveries p
                          where p.endpoint_id = d.endpoint_id and p.message_id = d.message_id
                            and p.status = 'pending' and p.event_seq < d.event_seq)
       order by d.next_attempt_at, d.event_seq
       limit ${limit}
         for update of d skip locked
    ), claimed as (
      update webhook_deliveries d
         set locked_until = now() + ${leaseSeconds} * interval '1 second', attempts = d.attempts + 1, last_attempt_at = now()
        from due where d.id = due.id
      returning d.id, d.event_id, d.endpoint_id, d.attempts
    )
    select c.id, c.event_id, c.attempts, w.url, w.secret, e.payload
      from claimed c
      join webhook_endpoints w on w.id = c.endpoint_id
      join message_events e on e.id = c.event_id
     order by e.seq`);
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
}

/** POSTs one delivery, signed, and records the outcome. */
export async function deliver(db: Database, config: WebhookConfig, d: ClaimedDelivery): Promise<boolean> {
  const body = JSON.stringify(d.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  let status: number | null = null;
  let latencyMs: number | null = null;
  let error: string | null = null;
  try {
    const result = await postWebhook(d.url, body, { [SIGNATURE_HEADER]: signPayload(d.secret, timestamp, body), 'kurir-event-id': d.event_id }, config);
    status = result.status;
    latencyMs = result.latencyMs;
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  if (error === null) {
    await db.execute(sql`
      update webhook_deliveries set status = 'succeeded', delivered_at = now(), locked_until = null,
             last_status_code = ${status}, last_latency_ms = ${latencyMs}, last_error = null
       where id = ${d.id}::uuid`);
    return true;
  }
  await recordFailure(db, config, d, { status, latencyMs, error });
  return false;
}

async function recordFailure(db: Database, config: WebhookConfig, d: ClaimedDelivery, r: { status: number | null; latencyMs: number | null; error: string }) {
  const retryIn = config.retrySeconds[d.attempts - 1];
  if (retryIn !== undefined) {
    await db.execute(sql`
      update webhook_deliveries set locked_until = null, next_attempt_at = now() + ${retryIn} * interval '1 second',
             last_status_code = ${r.status}, last_latency_ms = ${r.latencyMs}, last_error = ${r.error}
       where id = ${d.id}::uuid`);
    return;
  }
  const reason = `Disabled after ${d.attempts} failed attempts to deliver event ${d.event_id}: ${r.error}`;
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ endpoint_id: string }>(tx, sql`
      update webhook_deliveries set status = 'failed', locked_until = null,
             last_status_code = ${r.status}, last_latency_ms = ${r.latencyMs}, last_error = ${r.error}
       where id = ${d.id}::uuid returning endpoint_id`);
    if (row) {
      await tx.execute(sql`
        update webhook_endpoints set disabled_at = now(), disabled_reason = ${reason}
         where id = ${row.endpoint_id}::uuid and disabled_at is null`);
    }
  });
}

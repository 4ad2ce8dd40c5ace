// The webhook delivery queue is the webhook_deliveries table. A claim takes due deliveries of
// enabled endpoints with FOR UPDATE SKIP LOCKED and a lease (any number of workers share the queue,
// a crashed worker's deliveries come back when the lease runs out), only the oldest pending event
// of each message per endpoint (so a message's events arrive in order), and at most a few of each
// endpoint per claim (so one slow or dead receiver cannot take every slot from the others). Each
// outcome is written only by the attempt that holds the delivery (its attempt number still the
// row's), never by one whose lease ran out and was taken over. A failure is retried on
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

/** Deliveries of one endpoint a claim takes at most: a receiver that times out holds this many slots. */
export const CLAIM_PER_ENDPOINT = 5;

export async function claimDueDeliveries(db: Database, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<ClaimedDelivery>(db, sql`
    with candidates as (
      select d.id, row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.event_seq) as nth
        from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null
       where d.status = 'pending' and d.next_attempt_at <= now()
         and (d.locked_until is null or d.locked_until < now())
         and not exists (select 1 from webhook_deliveries p
                          where p.endpoint_id = d.endpoint_id and p.message_id = d.message_id
                            and p.status = 'pending' and p.event_seq < d.event_seq)
    ), due as (
      -- Locked in a query of its own: FOR UPDATE cannot stand beside a window function.
      select d.id from webhook_deliveries d
       where d.id in (select c.id from candidates c where c.nth <= ${CLAIM_PER_ENDPOINT})
         and d.status = 'pending' and (d.locked_until is null or d.locked_until < now())
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

/** The delivery as this attempt claimed it: still pending, and not claimed again since. */
function heldBy(d: ClaimedDelivery) {
  return sql`id = ${d.id}::uuid and status = 'pending' and attempts = ${d.attempts}`;
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
       where ${heldBy(d)}`);
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
       where ${heldBy(d)}`);
    return;
  }
  const reason = `Disabled after ${d.attempts} failed attempts to deliver event ${d.event_id}: ${r.error}`;
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ endpoint_id: string }>(tx, sql`
      update webhook_deliveries set status = 'failed', locked_until = null,
             last_status_code = ${r.status}, last_latency_ms = ${r.latencyMs}, last_error = ${r.error}
       where ${heldBy(d)} returning endpoint_id`);
    if (row) {
      await tx.execute(sql`
        update webhook_endpoints set disabled_at = now(), disabled_reason = ${reason}
         where id = ${row.endpoint_id}::uuid and disabled_at is null`);
    }
  });
}

// The SQL of a message's life after it is queued; the messages table is the queue itself. A claim
// takes due rows with FOR UPDATE SKIP LOCKED and stamps them with a lease (locked_until,
// lease_token): concurrent dispatchers, in this process or others, skip each other's rows, and
// when a dispatcher dies its rows become due again once the lease has run out. Every later write
// of a claimed row checks the lease token, so a dispatcher that lost its lease cannot overwrite
// the next one's result. Writes take arrays, so a batch is one statement (or one transaction); the
// rows a batch names are found through `id = any(uuid[])` (db/sql-lists.ts), never by a scan.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Channel } from '@kurir/core';
import { recordDatabase, type Database, type DbOrTx } from '../../../db/client';
import { RECORD_PLAN, queryPreparedRows, queryRows } from '../../../db/query-rows';
import { messages } from '../../../db/schema';
import { uuidList } from '../../../db/sql-lists';
import { eventMessageColumns, insertMessageEvents, withoutActiveEndpoint } from '../../webhooks/events';
import { settleMessage } from './settlement';

export interface ClaimedMessage {
  id: string;
  recipient: string;
  message: string;
  senderName: string;
  channel: Channel;
  attempts: number;
  /** Sent with a test API key: goes to the simulator. */
  test: boolean;
}

export interface AcceptedMessage {
  id: string;
  /** The lease it was claimed (or handed over) under: the record is written only while it holds. */
  leaseToken: string;
  providerMessageId: string;
  /** The provider that took it, when not the store's default (test messages go to the simulator). */
  provider?: string;
  /** Its 'delivered' receipt came before this record: settle it now if it owes no refund. */
  delivered?: boolean;
}

export interface RetryMessage {
  id: string;
  delaySeconds: number;
  reason: string;
  /** The provider could take no message (an outage, throttling): this try does not count as an attempt. */
  keepAttempt?: boolean;
}

export interface FailedMessage {
  id: string;
  reason: string;
}

export interface ClaimOptions {
  limit: number;
  leaseSeconds: number;
  leaseToken: string;
}

/**
 * What the dispatcher loop needs from the database (as listmonk's manager declares its
 * DataSource): claim a batch, then record what the provider said about it. Every write is
 * guarded by the batch's lease token.
 */
export interface MessageStore {
  claimDue(options: ClaimOptions): Promise<ClaimedMessage[]>;
  /** Viber messages the provider cannot carry become SMS, priced as SMS, before they are submitted. */
  switchToSms(leaseToken: string, ids: readonly string[]): Promise<void>;
  /**
   * Sent Viber messages fall back to SMS if no receipt comes a little after `viberValiditySeconds`.
   * Returns the ids recorded delivered and settled (their receipt came first and they owe no refund).
   */
  markSent(provider: string, accepted: readonly AcceptedMessage[], viberValiditySeconds: number): Promise<ReadonlySet<string>>;
  retry(leaseToken: string, retries: readonly RetryMessage[]): Promise<void>;
  /** Failed for good: each is settled at 0 and its reservation refunded. */
  fail(leaseToken: string, failures: readonly FailedMessage[]): Promise<void>;
  /** Viber messages Viber refused at submit go back to the queue as SMS. Returns the ids that did. */
  fallBack(leaseToken: string, ids: readonly string[]): Promise<ReadonlySet<string>>;
  /** Extends the lease of rows still in hand; returns the ids it still holds (another claim took the rest). */
  renewLease(leaseToken: string, ids: readonly string[], leaseSeconds: number): Promise<ReadonlySet<string>>;
}

/** The store over our database. */
export function createMessageStore(db: Database): MessageStore {
  return {
    claimDue: (claim) => claimDueMessages(db, claim),
    switchToSms: (leaseToken, ids) => switchClaimedToSms(db, leaseToken, ids),
    markSent: (provider, accepted, viberValiditySeconds) => markSent(db, provider, accepted, viberValiditySeconds),
    retry: (leaseToken, retries) => scheduleRetries(db, leaseToken, retries),
    fail: (leaseToken, failures) => failClaimed(db, leaseToken, failures),
    fallBack: (leaseToken, ids) => fallBackClaimed(db, leaseToken, ids),
    renewLease: (leaseToken, ids, leaseSeconds) => renewLease(db, leaseToken, ids, leaseSeconds),
  };
}

/**
 * Claims due rows: queued ones, and scheduled ones whose time has come. Messages of an inactive
 * user wait (they are neither sent nor refunded) and go out once the user is active again, except
 * an administrator's message to that user, which is the operator's to send (telling the user why,
 * say).
 */
export async function claimDueMessages(db: Database, options: ClaimOptions): Promise<ClaimedMessage[]> {
  type Row = { id: string; recipient: string; message: string; sender_name: string; channel: Channel; attempts: number; test: boolean };
  // A claim walks the due index in time order to the first `limit` rows it can lock (2 ms). When
  // a campaign has just queued 100 000 rows, the statistics still say the queue is small, and the
  // planner fetched every due row and sorted them instead, on every claim (100–700 ms). Sorting is
  // switched off for this statement, so the walk is the only plan.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return queryPreparedRows<Row>(tx, sql`
    update messages m
       set locked_until = now() + ${options.leaseSeconds} * interval '1 second',
           lease_token = ${options.leaseToken}::uuid,
           attempts = m.attempts + 1
      from (select q.id from messages q
             where q.status in ('pending', 'scheduled')
               and q.next_attempt_at <= now()
               and (q.locked_until is null or q.locked_until < now())
               -- Asked per row, not as an anti-join, whose output the planner underestimated. An
               -- administrator's own message to the user (admin send-sms, free) is not held.
               and (q.sent_by_admin_id is not null or (select u.status from users u where u.id = q.user_id) <> 'inactive')
             order by q.next_attempt_at
             limit ${options.limit}
               for update of q skip locked) due
     where m.id = due.id
    returning m.id, m.recipient, m.message, m.sender_name, m.channel, m.attempts, m.test`);
  });
  return result.map(
    (r): ClaimedMessage => ({
      id: r.id,
      recipient: r.recipient,
      message: r.message,
      senderName: r.sender_name,
      channel: r.channel,
      attempts: Number(r.attempts),
      test: r.test === true,
    }),
  );
}

/**
 * Records the provider ids of accepted messages, in one statement for the whole batch (its own
 * transaction, with the events). An SMS whose 'delivered' receipt already came and that owes no
 * refund is recorded delivered and settled at once: its row is written once, not twice, and its
 * customer is told 'sent' then 'delivered' as usual. Returns the ids settled so.
 *
 * Messages of customers without a webhook endpoint (nearly all) are recorded by a statement
 * without the event CTEs (withoutActiveEndpoint); whatever it left is recorded by the one with
 * them, so a batch with no webhook customer is one statement, as before.
 */
export async function markSent(
  db: Database,
  provider: string,
  accepted: readonly AcceptedMessage[],
  viberValiditySeconds: number,
): Promise<ReadonlySet<string>> {
  if (accepted.length === 0) return new Set();
  const records = recordDatabase(db); // planned once per connection (db/client.ts createRecordPool)
  const quiet = await recordSent(records, provider, accepted, viberValiditySeconds, false);
  const rest = accepted.filter((a) => !quiet.recorded.has(a.id));
  if (rest.length === 0) return quiet.delivered;
  const told = await recordSent(records, provider, rest, viberValiditySeconds, true);
  return new Set([...quiet.delivered, ...told.delivered]);
}

/** One markSent statement: with the events, or only for customers who have no endpoint. */
async function recordSent(
  db: Database,
  provider: string,
  accepted: readonly AcceptedMessage[],
  viberValiditySeconds: number,
  withEvents: boolean,
): Promise<{ recorded: ReadonlySet<string>; delivered: ReadonlySet<string> }> {
  // Viber waits for its receipt a little longer than the validity the provider was given, so a
  // provider's own 'expired' report normally comes first; past that, the fallback job sends SMS.
  const fallbackSeconds = viberValiditySeconds + Math.max(30, Math.ceil(viberValiditySeconds * 0.1));
  const input = accepted.map((a) => ({ id: a.id, lease: a.leaseToken, pmid: a.providerMessageId, provider: a.provider, delivered: a.delivered === true }));
  const settlesNow = sql`v.delivered and m.channel = 'sms' and m.reserved_price = m.price`;
  const update = sql`
      update messages m
         set status = case when ${settlesNow} then 'delivered' else 'sent' end,
             settled_at = case when ${settlesNow} then now() end,
             provider = coalesce(v.provider, ${provider}),
             provider_message_id = v.pmid,
             processed_at = coalesce(m.processed_at, now()),
             fallback_at = case when m.channel = 'viber' then now() + ${fallbackSeconds} * interval '1 second' end,
             error_message = null,
             locked_until = null,
             lease_token = null
        from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as v(id uuid, lease uuid, pmid text, provider text, delivered boolean)
       where m.id = any(${uuidList(accepted.map((a) => a.id))}) and m.id = v.id and m.lease_token = v.lease and m.settled_at is null`;
  const rows = withEvents
    ? await queryPreparedRows<{ id: string; status: string }>(db, sql`
    with recorded as (${update}
      returning ${eventMessageColumns('m')}
    ), changed as (
      select id, user_id, recipient, sender_name, channel, 'sent'::text as status, parts, price, error_message, test,
             'sent'::text as event_status, 0::bigint as refunded
        from recorded
      union all
      select id, user_id, recipient, sender_name, channel, status, parts, price, error_message, test,
             'delivered'::text as event_status, 0::bigint as refunded
        from recorded where status = 'delivered'
    ), ${insertMessageEvents()}
    select id, status from recorded`, RECORD_PLAN)
    : await queryPreparedRows<{ id: string; status: string }>(db, sql`${update}
         and ${withoutActiveEndpoint(sql`m.user_id`)}
      returning m.id, m.status`, RECORD_PLAN);
  return {
    recorded: new Set(rows.map((r) => r.id)),
    delivered: new Set(rows.filter((r) => r.status === 'delivered').map((r) => r.id)),
  };
}

/**
 * Temporary failures: back to the queue, each after its own delay. The claim counted an attempt;
 * a retry that keeps it (the provider was unavailable) gives it back.
 */
export async function scheduleRetries(db: Database, leaseToken: string, retries: readonly RetryMessage[]): Promise<void> {
  if (retries.length === 0) return;
  const input = retries.map((r) => ({ id: r.id, delay: r.delaySeconds, reason: r.reason, keep: r.keepAttempt === true }));
  await queryRows(db, sql`
    update messages m
       set status = 'pending',
           next_attempt_at = now() + v.delay * interval '1 second',
           error_message = v.reason,
           attempts = greatest(0, m.attempts - case when v.keep then 1 else 0 end),
           locked_until = null,
           lease_token = null
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
           as v(id uuid, delay integer, reason text, keep boolean)
     where m.id = any(${uuidList(retries.map((r) => r.id))}) and m.id = v.id and m.lease_token = ${leaseToken}::uuid`);
}

/**
 * Extends the lease of claimed rows a dispatcher still has in hand: a batch that waits out an
 * outage or a slow SMS centre keeps its rows, so no other dispatcher claims and sends them too.
 */
export async function renewLease(db: Database, leaseToken: string, ids: readonly string[], leaseSeconds: number): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(db, sql`
    update messages
       set locked_until = now() + ${leaseSeconds} * interval '1 second'
     where id = any(${uuidList(ids)}) and lease_token = ${leaseToken}::uuid
    returning id`);
  return new Set(rows.map((r) => r.id));
}

/** Permanent failures (or last retries): failed, and their reservations refunded, in one transaction. */
export async function failClaimed(db: Database, leaseToken: string, failures: readonly FailedMessage[]): Promise<void> {
  if (failures.length === 0) return;
  await db.transaction(async (tx) => {
    for (const f of failures) {
      await settleMessage(tx, f.id, { status: 'failed', reason: f.reason }, eq(messages.leaseToken, leaseToken));
    }
  });
}

/** The provider carries no Viber: claimed Viber messages are sent as SMS straight away. */
export async function switchClaimedToSms(db: DbOrTx, leaseToken: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(messages)
    .set({ channel: 'sms', price: sql`${messages.smsPrice}` })
    .where(and(inArray(messages.id, [...ids]), eq(messages.leaseToken, leaseToken), eq(messages.channel, 'viber')));
}

const FALL_BACK = sql`channel = 'sms',
       status = 'pending',
       price = sms_price,
       provider = null,
       provider_message_id = null,
       fallback_at = null,
       next_attempt_at = now(),
       attempts = 0,
       locked_until = null,
       lease_token = null`;

/**
 * Claimed Viber messages that Viber refused at submit (a permanent error, or the last attempt) go
 * back to the queue as SMS, as a Viber message that was not delivered does: the SMS was paid for
 * in the reservation. Only under this claim's lease.
 */
export async function fallBackClaimed(db: DbOrTx, leaseToken: string, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const result = await queryRows<{ id: string }>(db, sql`
    update messages set ${FALL_BACK}
     where id = any(${uuidList(ids)})
       and lease_token = ${leaseToken}::uuid and channel = 'viber' and settled_at is null
    returning id`);
  return new Set(result.map((r) => r.id));
}

/**
 * Viber messages that Viber could not deliver (a receipt said so) go back to the queue as SMS,
 * priced as SMS. Only while still sent, unsettled Viber messages: a repeated receipt finds nothing
 * to change. Returns the ids that fell back.
 */
export async function fallBackToSms(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await queryRows<{ id: string }>(tx, sql`
    update messages set ${FALL_BACK}
     where id = any(${uuidList(ids)})
       and channel = 'viber' and status = 'sent' and settled_at is null
    returning id`);
  return result.map((r) => r.id);
}

/** Viber messages whose receipt did not come within the validity: sent as SMS. */
export async function fallBackOverdueViber(db: DbOrTx, limit: number): Promise<number> {
  const result = await queryRows<{ id: string }>(db, sql`
    update messages set ${FALL_BACK}
     where id in (select id from messages
                   where status = 'sent' and channel = 'viber' and fallback_at <= now() and settled_at is null
                   order by fallback_at
                   limit ${limit}
                     for update skip locked)
    returning id`);
  return result.length;
}

export interface ReceiptTarget {
  id: string;
  status: string;
  channel: Channel;
}

/** The messages a batch of provider ids names, locked (receiptTargets), by provider id. */
export async function lockReceiptTargets(tx: DbOrTx, provider: string, providerMessageIds: readonly string[]): Promise<Map<string, ReceiptTarget>> {
  const rows = await queryPreparedRows<{ pmid: string; id: string; status: string; channel: Channel }>(tx, sql`
    with ${receiptTargets(provider, providerMessageIds)}
    select pmid, id, status, channel from targets order by n`);
  return new Map(rows.map((r) => [r.pmid, { id: r.id, status: r.status, channel: r.channel }]));
}

/**
 * The CTE `targets(pmid, n, id, status, channel)`: the messages a batch of provider ids names,
 * locked for the receipts. Provider ids can repeat (an SMSC restarts its counter): the message
 * still waiting for its receipt wins over an old, settled one with the same id. Ids are taken in
 * order, so batches lock alike; `status` is the message's status before the statement.
 */
export function receiptTargets(provider: string, providerMessageIds: readonly string[]): SQL {
  const ids = [...new Set(providerMessageIds)].sort();
  return sql`targets as (
    select v.pmid, v.n, t.id, t.status, t.channel
      from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as v(pmid, n)
     cross join lateral (select m.id, m.status, m.channel from messages m
                          where m.provider_message_id = v.pmid and m.provider = ${provider}
                          order by m.status = 'sent' desc, m.created_at desc
                          limit 1
                            for update) t)`;
}

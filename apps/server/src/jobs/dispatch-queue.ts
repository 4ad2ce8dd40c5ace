// The SQL of the sending queue, which is the messages table itself. A claim takes due rows with
// FOR UPDATE SKIP LOCKED and stamps them with a lease (locked_until, lease_token): concurrent
// dispatchers, in this process or others, skip each other's rows, and when a dispatcher dies its
// rows become due again once the lease has run out. Every later write of a claimed row checks the
// lease token, so a dispatcher that lost its lease cannot overwrite the next one's result.
import { and, eq, sql } from 'drizzle-orm';
import type { Channel } from '@kurir/core';
import type { Database, DbOrTx } from '../db/client';
import { messages } from '../db/schema';
import { settleMessage } from '../modules/messages/settlement';
import { queryRows } from '../modules/messages/query-rows';
import { recordMessageEvents } from '../modules/webhooks/events';

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

export async function claimDueMessages(db: Database, options: { limit: number; leaseSeconds: number; leaseToken: string }) {
  const result = await queryRows<{ id: string; recipient: string; message: string; sender_name: string; channel: Channel; attempts: number; test: boolean }>(db, sql`
    update messages m
       set locked_until = now() + ${options.leaseSeconds} * interval '1 second',
           lease_token = ${options.leaseToken}::uuid,
           attempts = m.attempts + 1
      from (select id from messages
             where status in ('pending', 'scheduled')
               and next_attempt_at <= now()
               and (locked_until is null or locked_until < now())
             order by next_attempt_at
             limit ${options.limit}
               for update skip locked) due
     where m.id = due.id
    returning m.id, m.recipient, m.message, m.sender_name, m.channel, m.attempts, m.test`);
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

/** Records the provider ids of accepted messages, in one statement for the whole batch. */
export async function markSent(
  db: Database,
  leaseToken: string,
  provider: string,
  accepted: { id: string; providerMessageId: string; provider?: string }[],
  viberValiditySeconds: number,
): Promise<void> {
  if (accepted.length === 0) return;
  // Viber waits for its receipt a little longer than the validity the provider was given, so a
  // provider's own 'expired' report normally comes first; past that, the fallback job sends SMS.
  const fallbackSeconds = viberValiditySeconds + Math.max(30, Math.ceil(viberValiditySeconds * 0.1));
  await db.transaction(async (tx) => {
    const sent = await queryRows<{ id: string }>(tx, sql`
    update messages m
       set status = 'sent',
           provider = coalesce(v.provider, ${provider}),
           provider_message_id = v.pmid,
           processed_at = coalesce(m.processed_at, now()),
           fallback_at = case when m.channel = 'viber' then now() + ${fallbackSeconds} * interval '1 second' end,
           error_message = null,
           locked_until = null,
           lease_token = null
      from jsonb_to_recordset(${JSON.stringify(accepted.map((a) => ({ id: a.id, pmid: a.providerMessageId, provider: a.provider })))}::jsonb)
           as v(id uuid, pmid text, provider text)
     where m.id = v.id and m.lease_token = ${leaseToken}::uuid
    returning m.id`);
    await recordMessageEvents(tx, sent.map((r) => ({ messageId: r.id, status: 'sent' as const })));
  });
}

/** A temporary failure: back to the queue after `delaySeconds`. */
export async function scheduleRetry(db: Database, leaseToken: string, id: string, delaySeconds: number, reason: string): Promise<void> {
  await db
    .update(messages)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now() + ${delaySeconds} * interval '1 second'`,
      errorMessage: reason,
      lockedUntil: null,
      leaseToken: null,
    })
    .where(and(eq(messages.id, id), eq(messages.leaseToken, leaseToken)));
}

/** A permanent failure (or the last retry): failed, and its reservation refunded. */
export async function failClaimed(db: Database, leaseToken: string, id: string, reason: string): Promise<void> {
  await db.transaction((tx) =>
    settleMessage(tx, id, { status: 'failed', reason }, eq(messages.leaseToken, leaseToken)),
  );
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
 * A Viber message that Viber could not deliver (a receipt said so) goes back to the queue as SMS,
 * priced as SMS. Only while it is still a sent, unsettled Viber message: a repeated receipt finds
 * nothing to change.
 */
export async function fallBackToSms(tx: DbOrTx, id: string): Promise<boolean> {
  const result = await queryRows<{ id: string }>(tx, sql`
    update messages set ${FALL_BACK}
     where id = ${id} and channel = 'viber' and status = 'sent' and settled_at is null
    returning id`);
  return result.length > 0;
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

/** The provider carries no Viber: a claimed Viber message is sent as SMS straight away. */
export async function switchClaimedToSms(db: DbOrTx, leaseToken: string, id: string): Promise<void> {
  await db
    .update(messages)
    .set({ channel: 'sms', price: sql`${messages.smsPrice}` })
    .where(and(eq(messages.id, id), eq(messages.leaseToken, leaseToken)));
}

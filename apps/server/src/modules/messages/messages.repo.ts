// Writes and reads of the messages table for the customer's sends: the rows of a send (alone or in
// a group commit) and the scheduled ones; every read takes the user id. The history's queries are
// in history.repo.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { Channel, MessageStatus } from '@kurir/core';
import type { DbOrTx, Tx } from '../../db/client';
import { messages } from '../../db/schema';
import { queryPreparedRows, queryRows } from '../../db/query-rows';
import { groupDebitCtes, type GroupDebit } from '../billing/ledger';

/** Rows per INSERT: one statement carries the recipients as one JSON parameter. */
const INSERT_CHUNK = 5000;

export interface NewSend {
  userId: string;
  batchId: string;
  recipients: readonly string[];
  message: string;
  senderName: string;
  messageType: string | null;
  channel: Channel;
  parts: number;
  reservedPrice: number;
  smsPrice: number;
  price: number;
  scheduledFor: Date | null;
  test?: boolean;
  /** An administrator's free message to this user (admin send-sms). */
  sentByAdminId?: string | null;
}

/**
 * Inserts one row per recipient inside the send's transaction. The recipients travel as one JSON
 * array parameter per chunk (not one bind parameter per value), so 10 000 rows are a couple of
 * statements rather than thousands.
 */
export async function insertSendRows(tx: Tx, send: NewSend): Promise<{ id: string; recipient: string }[]> {
  const status: MessageStatus = send.scheduledFor ? 'scheduled' : 'pending';
  const scheduledFor = send.scheduledFor ? send.scheduledFor.toISOString() : null;
  const out: { id: string; recipient: string }[] = [];
  for (let i = 0; i < send.recipients.length; i += INSERT_CHUNK) {
    const chunk = JSON.stringify(send.recipients.slice(i, i + INSERT_CHUNK));
    const result = await queryRows<{ id: string; recipient: string }>(tx, sql`
      insert into messages (user_id, batch_id, recipient, message, sender_name, message_type, requested_channel,
                            channel, status, parts, reserved_price, sms_price, price, scheduled_for, next_attempt_at, test,
                            sent_by_admin_id)
      select ${send.userId}::uuid, ${send.batchId}::uuid, r.recipient, ${send.message}, ${send.senderName},
             ${send.messageType}, ${send.channel}, ${send.channel}, ${status}, ${send.parts}, ${send.reservedPrice},
             ${send.smsPrice}, ${send.price}, ${scheduledFor}::timestamptz, coalesce(${scheduledFor}::timestamptz, now()),
             ${send.test === true}, ${send.sentByAdminId ?? null}::uuid
      from jsonb_array_elements_text(${chunk}::jsonb) with ordinality as r(recipient, n)
      order by r.n
      returning id, recipient`);
    out.push(...result);
  }
  return out;
}

export interface GroupedSendRows {
  /** The member's balance after its debit, or null when it was not debited. */
  balanceAfter: number | null;
  /** False when the member's user does not exist. */
  known: boolean;
  rows: { id: string; recipient: string }[];
}

/**
 * A group commit in ONE statement, so one transaction without a round trip for BEGIN or COMMIT:
 * the members' debits (billing/ledger.ts groupDebitCtes: conditional, with their ledger rows) and
 * the message rows of the members that were debited. Each send travels as one JSON object with
 * its recipients as an array. Returns, per send, its balance after and its rows in its
 * recipients' order. Its plan is kept, on PostgreSQL (the send pool) and on PGlite alike.
 */
export async function insertSendGroup(
  db: DbOrTx,
  sends: readonly { debit: GroupDebit; send: NewSend }[],
  /** Immediate rows are written claimed under this lease (lifecycle/hand-off.ts); scheduled ones never. */
  lease: { token: string; seconds: number } | null = null,
): Promise<GroupedSendRows[]> {
  const payload = sends.map(({ debit, send: s }) => ({
    i: debit.index,
    b: s.batchId,
    m: s.message,
    s: s.senderName,
    t: s.messageType,
    c: s.channel,
    st: s.scheduledFor ? 'scheduled' : 'pending',
    p: s.parts,
    rp: s.reservedPrice,
    sp: s.smsPrice,
    pr: s.price,
    sf: s.scheduledFor ? s.scheduledFor.toISOString() : null,
    rs: s.recipients,
  }));
  const result = await queryPreparedRows<{ i: number; balance_after: string | number | null; known: boolean; rows: { id: string; recipient: string }[] }>(db, sql`
    with ${groupDebitCtes(sends.map((s) => s.debit))},
    group_sends as (
      select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        as s(i integer, b uuid, m text, s text, t text, c text, st text, p integer, rp bigint, sp bigint, pr bigint, sf timestamptz, rs jsonb)),
    group_rows as (
      insert into messages (user_id, batch_id, recipient, message, sender_name, message_type, requested_channel,
                            channel, status, parts, reserved_price, sms_price, price, scheduled_for, next_attempt_at,
                            lease_token, locked_until, attempts)
      select p.u, s.b, r.recipient, s.m, s.s, s.t, s.c, s.c, s.st, s.p, s.rp, s.sp, s.pr, s.sf, coalesce(s.sf, now()),
             l.token, now() + l.seconds * interval '1 second', (l.token is not null)::integer
        from group_paid p
        join group_sends s on s.i = p.i
       cross join lateral jsonb_array_elements_text(s.rs) with ordinality as r(recipient, n)
        left join (select ${lease?.token ?? null}::uuid as token, ${lease?.seconds ?? 0}::integer as seconds) l
          on l.token is not null and s.sf is null
       order by p.i, r.n
      returning id, recipient, batch_id)
    select s.i,
           (select p.after from group_paid p where p.i = s.i) as balance_after,
           exists (select 1 from group_members m join group_known k on k.id = m.u where m.i = s.i) as known,
           (select coalesce(json_agg(json_build_object('id', x.id, 'recipient', x.recipient)), '[]'::json)
              from group_rows x where x.batch_id = s.b) as rows
      from group_sends s
     order by s.i`, { onPglite: 'kept' });
  const byIndex = new Map(result.map((r) => [Number(r.i), r]));
  return sends.map(({ debit, send }) => {
    const r = byIndex.get(debit.index)!;
    const byRecipient = new Map(r.rows.map((row) => [row.recipient, row]));
    return {
      balanceAfter: r.balance_after === null ? null : Number(r.balance_after),
      known: r.known,
      rows: r.balance_after === null ? [] : send.recipients.map((recipient) => byRecipient.get(recipient)!),
    };
  });
}

/** Waiting scheduled messages, soonest first. */
export async function findScheduled(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: messages.id,
      recipient: messages.recipient,
      message: messages.message,
      channel: messages.channel,
      scheduledFor: messages.scheduledFor,
      senderName: messages.senderName,
      createdAt: messages.createdAt,
      batchId: messages.batchId,
    })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.status, 'scheduled')))
    // A send's messages next to each other, so the page can show them as one batch.
    .orderBy(messages.scheduledFor, messages.batchId, messages.id)
    .limit(limit);
}

/** The message, locked for this transaction, if it is the user's. */
export async function lockOwnMessage(tx: Tx, userId: string, messageId: string) {
  const [row] = await tx
    .select({
      id: messages.id,
      status: messages.status,
      scheduledFor: messages.scheduledFor,
      lockedUntil: messages.lockedUntil,
      attempts: messages.attempts,
      due: sql<boolean>`${messages.scheduledFor} <= now()`,
      leased: sql<boolean>`coalesce(${messages.lockedUntil} > now(), false)`,
    })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
    .for('update');
  return row ?? null;
}

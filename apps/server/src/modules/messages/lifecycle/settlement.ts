// Where a message's money is settled: its final status and price are fixed, and the part of its
// reservation it did not use (all of it when undelivered or cancelled; the difference when Viber
// delivered for less than the SMS fallback that was held) goes back to the balance as one 'refund'
// ledger entry whose reference is the message id. The conditional update on settled_at makes a
// second settlement of the same message (a receipt that arrives twice, two workers) a no-op, and
// the unique index transactions_refund_once_idx would refuse a second refund row regardless.
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { formatEuros, type Channel } from '@kurir/core';
import type { DbOrTx, Tx } from '../../../db/client';
import { RECORD_PLAN, queryPreparedRows } from '../../../db/query-rows';
import { messages } from '../../../db/schema';
import { changeBalance } from '../../billing/ledger';
import { eventMessageColumns, insertMessageEvents, recordMessageEvents, withoutActiveEndpoint } from '../../webhooks/events';
import { receiptTargets, type ReceiptTarget } from './message-store';

export type Settlement =
  | { status: 'delivered' }
  | { status: 'failed'; reason: string }
  | { status: 'deleted' };

export interface SettledMessage {
  id: string;
  userId: string;
  refunded: number;
  newCredit: number | null;
}

/**
 * Settles one message if it is not settled yet and `guard` (extra conditions, e.g. "still sent",
 * "still scheduled", "our lease") holds; returns null when nothing was settled.
 */
export async function settleMessage(tx: Tx, messageId: string, outcome: Settlement, guard?: SQL): Promise<SettledMessage | null> {
  const undelivered = outcome.status !== 'delivered';
  const [row] = await tx
    .update(messages)
    .set({
      status: outcome.status,
      price: undelivered ? 0 : sql`${messages.price}`,
      errorMessage: outcome.status === 'failed' ? outcome.reason : outcome.status === 'delivered' ? null : sql`${messages.errorMessage}`,
      processedAt: outcome.status === 'deleted' ? sql`${messages.processedAt}` : sql`coalesce(${messages.processedAt}, now())`,
      settledAt: sql`now()`,
      lockedUntil: null,
      leaseToken: null,
      fallbackAt: null,
    })
    .where(and(eq(messages.id, messageId), isNull(messages.settledAt), guard))
    .returning({
      id: messages.id,
      userId: messages.userId,
      recipient: messages.recipient,
      channel: messages.channel,
      requestedChannel: messages.requestedChannel,
      reservedPrice: messages.reservedPrice,
      price: messages.price,
    });
  if (!row) return null;
  const refund = row.reservedPrice - row.price;
  await recordMessageEvents(tx, [{ messageId: row.id, status: outcome.status, refunded: refund }]);
  if (refund === 0) return { id: row.id, userId: row.userId, refunded: 0, newCredit: null };
  const change = await changeBalance(tx, {
    userId: row.userId,
    amount: refund,
    type: 'refund',
    reference: row.id,
    description: refundDescription(outcome, row, refund),
  });
  return { id: row.id, userId: row.userId, refunded: refund, newCredit: change.balanceAfter };
}

/**
 * Matches a batch of receipts to their messages (receiptTargets, locked) and, in the same
 * statement, settles those whose receipt says delivered and that owe no refund (their price is
 * their reservation: SMS as reserved) — nearly every receipt, so a batch is mostly one round trip.
 * Returns each provider id's message as it was before, and the ids settled here; the rest go
 * through settleMessage, which writes their refunds.
 *
 * The statement settles only the messages of customers without a webhook endpoint
 * (withoutActiveEndpoint); delivered SMS it left still sent are settled by a second one, with the
 * events.
 */
export async function matchReceiptsSettlingDelivered(
  db: DbOrTx,
  provider: string,
  providerMessageIds: readonly string[],
  deliveredProviderIds: readonly string[],
): Promise<{ targets: Map<string, ReceiptTarget>; settled: Set<string> }> {
  const quiet = await matchAndSettle(db, provider, providerMessageIds, deliveredProviderIds, false);
  const left = deliveredProviderIds.filter((pmid) => {
    const target = quiet.targets.get(pmid);
    return target?.status === 'sent' && target.channel === 'sms' && !quiet.settled.has(target.id);
  });
  if (left.length === 0) return quiet;
  const told = await matchAndSettle(db, provider, left, left, true);
  return { targets: quiet.targets, settled: new Set([...quiet.settled, ...told.settled]) };
}

async function matchAndSettle(
  db: DbOrTx,
  provider: string,
  providerMessageIds: readonly string[],
  deliveredProviderIds: readonly string[],
  withEvents: boolean,
): Promise<{ targets: Map<string, ReceiptTarget>; settled: Set<string> }> {
  // The rows are found by primary key only: `m.id = any(array(select id from targets))`, and the
  // status is asked of the target (`t.status`: targets has locked the row, so it is the row's
  // status now) rather than of `m`. On a new database (no statistics yet) the planner otherwise
  // took every 'sent' row from the status index and compared each with the batch: up to 200 ms
  // a batch with 20 000 messages awaiting their receipts, and delivery at a quarter of the
  // dispatch rate (bench/history.md, 2026-11-26; statement-plans.test.ts holds it).
  const settle = sql`
      update messages m
         set status = 'delivered',
             error_message = null,
             processed_at = coalesce(m.processed_at, now()),
             settled_at = now(),
             locked_until = null,
             lease_token = null,
             fallback_at = null
        from targets t
       where m.id = t.id
         and m.id = any(array(select id from targets))
         and t.pmid in (select value from jsonb_array_elements_text(${JSON.stringify(deliveredProviderIds)}::jsonb))
         and t.status = 'sent' and m.settled_at is null and m.reserved_price = m.price`;
  const changed = withEvents
    ? sql`changed as (${settle}
      returning ${eventMessageColumns('m')}, 'delivered'::text as event_status, 0::bigint as refunded
    ), ${insertMessageEvents()}`
    : sql`changed as (${settle}
         and ${withoutActiveEndpoint(sql`m.user_id`)}
      returning m.id
    )`;
  const rows = await queryPreparedRows<{ pmid: string; id: string; status: string; channel: Channel; settled: boolean }>(db, sql`
    with ${receiptTargets(provider, providerMessageIds)},
    ${changed}
    select t.pmid, t.id, t.status, t.channel, exists (select 1 from changed c where c.id = t.id) as settled
      from targets t
     order by t.n`, RECORD_PLAN);
  return {
    targets: new Map(rows.map((r) => [r.pmid, { id: r.id, status: r.status, channel: r.channel }])),
    settled: new Set(rows.filter((r) => r.settled).map((r) => r.id)),
  };
}

/**
 * Cancels a scheduled message and refunds it, only while it is still scheduled, not yet due (or,
 * with `overdue`, due but never taken by a dispatcher) and not held by a dispatcher's live lease;
 * null when the dispatcher got there first.
 */
export async function cancelScheduledMessage(tx: Tx, messageId: string, options: { overdue?: boolean } = {}): Promise<SettledMessage | null> {
  const stillWaiting = and(
    eq(messages.status, 'scheduled'),
    options.overdue ? eq(messages.attempts, 0) : sql`${messages.scheduledFor} > now()`,
    or(isNull(messages.lockedUntil), lt(messages.lockedUntil, sql`now()`)),
  );
  return settleMessage(tx, messageId, { status: 'deleted' }, stillWaiting);
}

function refundDescription(
  outcome: Settlement,
  row: { recipient: string; channel: Channel; requestedChannel: Channel },
  refund: number,
): string {
  switch (outcome.status) {
    case 'deleted':
      return `Refund: scheduled message to ${row.recipient} cancelled`;
    case 'failed':
      return `Refund: message to ${row.recipient} not delivered (${outcome.reason})`;
    case 'delivered':
      return row.channel === 'viber'
        ? `Refund: Viber message to ${row.recipient} delivered, SMS fallback reserve of ${formatEuros(refund, 6)} returned`
        : `Refund: message to ${row.recipient} delivered by SMS, ${formatEuros(refund, 6)} of the reserve returned`;
  }
}

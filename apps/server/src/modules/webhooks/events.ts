// Message events: every status change a customer can be told about (sent, delivered, failed with
// its reason and refund, cancelled) becomes a row here, written by the caller in the SAME
// transaction (or statement) as the change, and one delivery row per active endpoint of the
// customer. Customers without an endpoint get no rows (nothing would read them).
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryPreparedRows } from '../../db/query-rows';
import { uuidList } from '../../db/sql-lists';

export interface MessageStatusChange {
  messageId: string;
  status: 'sent' | 'delivered' | 'failed' | 'deleted';
  /** Micro-euros returned to the balance by this change. */
  refunded?: number;
}

/**
 * What an event says of a message, as `alias`'s columns: the row after the change (an UPDATE's
 * RETURNING, or the table read later in the same transaction).
 */
export function eventMessageColumns(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.id, ${a}.user_id, ${a}.recipient, ${a}.sender_name, ${a}.channel, ${a}.status, ${a}.parts, ${a}.price, ${a}.error_message, ${a}.test`;
}

/**
 * True when the customer `userId` (a column) has no active webhook endpoint: its status changes
 * need no events. The hot statements (markSent, the receipts' settlement) first change only such
 * customers' messages, without the event CTEs below, whose planning and set-up were most of their
 * cost though they wrote nothing for nearly every message; the rest go through the statement with
 * events. Each reads the endpoints at its own start, as the one statement with events did: an
 * endpoint added meanwhile is told of the changes after it, as before.
 */
export function withoutActiveEndpoint(userId: SQL): SQL {
  return sql`not ${hasActiveEndpoint(userId)}`;
}

/** True when the customer `userId` (a column) has an active webhook endpoint. */
function hasActiveEndpoint(userId: SQL): SQL {
  return sql`exists (select 1 from webhook_endpoints w where w.user_id = ${userId} and w.disabled_at is null)`;
}

/**
 * The tail of a statement whose CTE `changed` lists the messages it changed (eventMessageColumns,
 * plus `event_status` and `refunded`): their events and deliveries are written by the same
 * statement, so a status change and its event cost one round trip.
 */
export function insertMessageEvents(): SQL {
  return sql`
    ev_input as (
      select c.*, time_ordered_uuid() as event_id,
             'message.' || case c.event_status when 'deleted' then 'cancelled' else c.event_status end as type
        from changed c
       where ${hasActiveEndpoint(sql`c.user_id`)}
    ), ev as (
      insert into message_events (id, user_id, message_id, type, payload)
      select i.event_id, i.user_id, i.id, i.type,
             jsonb_build_object(
               'id', i.event_id, 'type', i.type, 'created_at', now(),
               'data', jsonb_build_object(
                 'id', i.id, 'to', i.recipient, 'from', i.sender_name, 'channel', i.channel, 'status', i.status,
                 'parts', i.parts, 'price', i.price::float8 / 1000000, 'refunded', i.refunded::float8 / 1000000,
                 'error', i.error_message, 'test', i.test))
        from ev_input i
       -- One statement may tell a message's 'sent' and its 'delivered': in that order.
       order by i.id, i.event_status <> 'sent'
      returning id, seq, user_id, message_id
    ), ev_deliveries as (
      insert into webhook_deliveries (endpoint_id, event_id, message_id, event_seq)
      select w.id, ev.id, ev.message_id, ev.seq
        from ev join webhook_endpoints w on w.user_id = ev.user_id and w.disabled_at is null
      returning 1
    )`;
}

/** Events of changes already made in this transaction (the messages are read as they are now). */
export async function recordMessageEvents(tx: DbOrTx, changes: readonly MessageStatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  const input = JSON.stringify(changes.map((c) => ({ message_id: c.messageId, status: c.status, refunded: c.refunded ?? 0 })));
  await queryPreparedRows(tx, sql`
    with changed as (
      select ${eventMessageColumns('m')}, v.status as event_status, v.refunded
        from jsonb_to_recordset(${input}::jsonb) as v(message_id uuid, status text, refunded bigint)
        join messages m on m.id = v.message_id
       where m.id = any(${uuidList(changes.map((c) => c.messageId))})
    ), ${insertMessageEvents()}
    select count(*) from ev_deliveries`);
}

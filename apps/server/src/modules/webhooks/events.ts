// Message events: every status change a customer can be told about (sent, delivered, failed with
// its reason and refund, cancelled) becomes a row here, written by the caller in the SAME
// transaction as the change, and one delivery row per active endpoint of the customer. Customers
// without an endpoint get no rows (nothing would read them).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface MessageStatusChange {
  messageId: string;
  status: 'sent' | 'delivered' | 'failed' | 'deleted';
  /** Micro-euros returned to the balance by this change. */
  refunded?: number;
}

export async function recordMessageEvents(tx: DbOrTx, changes: readonly MessageStatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  const input = JSON.stringify(changes.map((c) => ({ message_id: c.messageId, status: c.status, refunded: c.refunded ?? 0 })));
  await tx.execute(sql`
    with input as (
      select v.message_id, v.status, v.refunded, gen_random_uuid() as event_id,
             'message.' || case v.status when 'deleted' then 'cancelled' else v.status end as type
        from jsonb_to_recordset(${input}::jsonb) as v(message_id uuid, status text, refunded bigint)
    ), ev as (
      insert into message_events (id, user_id, message_id, type, payload)
      select i.event_id, m.user_id, m.id, i.type,
             jsonb_build_object(
               'id', i.event_id, 'type', i.type, 'created_at', now(),
               'data', jsonb_build_object(
                 'id', m.id, 'to', m.recipient, 'from', m.sender_name, 'channel', m.channel, 'status', m.status,
                 'parts', m.parts, 'price', m.price::float8 / 1000000, 'refunded', i.refunded::float8 / 1000000,
                 'error', m.error_message, 'test', m.test))
        from input i join messages m on m.id = i.message_id
       where exists (select 1 from webhook_endpoints w where w.user_id = m.user_id and w.disabled_at is null)
      returning id, seq, user_id, message_id
    )
    insert into webhook_deliveries (endpoint_id, event_id, message_id, event_seq)
    select w.id, ev.id, ev.message_id, ev.seq
      from ev join webhook_endpoints w on w.user_id = ev.user_id and w.disabled_at is null`);
}

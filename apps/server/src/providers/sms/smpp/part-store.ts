// The database side of a long message's parts (smpp_message_parts): the provider folds receipts in
// memory as they come, and writes here what a restart must not lose — which parts make up which
// message, and each part's final state — so that after a restart the remaining parts' receipts
// still complete the message instead of the first one to arrive deciding it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { queryRows } from '../../../db/query-rows';
import type { PartReceipt } from './delivery-receipts';

export interface StoredMessage {
  /** The first part's id: what the message is recorded under. */
  messageId: string;
  /** Each part's final receipt, in part order; undefined while none came. */
  states: Array<PartReceipt | undefined>;
}

export interface PartStore {
  /** A long message whose parts were all accepted: part ids in order, with what is known of them. */
  remember(partIds: string[], states: Array<PartReceipt | undefined>): Promise<void>;
  /**
   * Records the final states of these parts (one statement for all); for each part of a stored
   * message, that message as stored now. Parts of no stored message (single-part messages) are absent.
   */
  record(parts: PartReceipt[]): Promise<Map<string, StoredMessage>>;
  /** Forgets the parts of messages sent longer ago than this. */
  prune(olderThanMs: number): Promise<void>;
}

type Row = { message_id: string; part_index: number; status: string | null; reason: string | null; error_code: string | null; part_id: string };

export class DatabasePartStore implements PartStore {
  constructor(private readonly db: DbOrTx) {}

  async remember(partIds: string[], states: Array<PartReceipt | undefined>): Promise<void> {
    const rows = partIds.map((id, index) => {
      const state = states[index];
      return sql`(${id}, ${partIds[0]!}, ${index}::int, ${partIds.length}::int, ${state?.status ?? null}, ${state?.reason ?? null}, ${state?.errorCode ?? null})`;
    });
    await this.db.execute(sql`
      insert into smpp_message_parts (part_id, message_id, part_index, parts, status, reason, error_code)
      values ${sql.join(rows, sql`, `)}
      on conflict (part_id) do nothing`);
  }

  async record(parts: PartReceipt[]): Promise<Map<string, StoredMessage>> {
    const values = parts.map((p) => sql`(${p.messageId}, ${p.status}, ${p.reason ?? null}, ${p.errorCode ?? null})`);
    // The update's own rows come back from `recorded`; their siblings, as they were, from the table.
    const rows = await queryRows<Row>(
      this.db,
      sql`with incoming (part_id, status, reason, error_code) as (values ${sql.join(values, sql`, `)}),
          recorded as (
            update smpp_message_parts p
               set status = coalesce(p.status, i.status), reason = coalesce(p.reason, i.reason), error_code = coalesce(p.error_code, i.error_code)
              from incoming i where p.part_id = i.part_id
            returning p.message_id, p.part_index, p.status, p.reason, p.error_code, p.part_id)
          select p.message_id, p.part_index, p.status, p.reason, p.error_code, p.part_id
            from smpp_message_parts p
           where p.message_id in (select message_id from recorded) and p.part_id not in (select part_id from recorded)
          union all select * from recorded`,
    );
    const byMessage = new Map<string, StoredMessage>();
    for (const r of rows) {
      let message = byMessage.get(r.message_id);
      if (!message) byMessage.set(r.message_id, (message = { messageId: r.message_id, states: [] }));
      message.states[r.part_index] = r.status
        ? { messageId: r.part_id, status: r.status as PartReceipt['status'], reason: r.reason ?? undefined, errorCode: r.error_code ?? undefined }
        : undefined;
    }
    const byPart = new Map<string, StoredMessage>();
    for (const r of rows) byPart.set(r.part_id, byMessage.get(r.message_id)!);
    return byPart;
  }

  async prune(olderThanMs: number): Promise<void> {
    await this.db.execute(sql`delete from smpp_message_parts where created_at < now() - make_interval(secs => ${olderThanMs / 1000})`);
  }
}

// The database side of a long message's parts (smpp_message_parts): which parts (the SMSC's ids)
// make up which message, and each part's final state. Every process that holds a bind reads and
// writes it: the SMSC sends a part's receipt over any bind, so the parts of one message may be
// reported to different processes, or some before a restart and the rest after it. The stored
// states, not one process's memory, decide the message.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
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
   * Records the final states of these parts; for each part of a stored message, that message as
   * stored once these states are written, with every state another writer (another receipt,
   * another process) committed before: writers of one message are serialised, so of two receipts
   * that complete a message together the later one sees both. Parts of no stored message
   * (single-part messages) are absent.
   */
  record(parts: PartReceipt[]): Promise<Map<string, StoredMessage>>;
  /** Forgets the parts of messages sent longer ago than this. */
  prune(olderThanMs: number): Promise<void>;
}

type Row = { message_id: string; part_index: number; status: string | null; reason: string | null; error_code: string | null; part_id: string };

export class DatabasePartStore implements PartStore {
  constructor(private readonly db: Database) {}

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
    if (parts.length === 0) return new Map();
    // Most receipts that come here are of single-part messages (sent by another process, or
    // before a restart): one read finds they have no rows, without a transaction.
    const owners = await queryRows<{ message_id: string }>(
      this.db,
      sql`select distinct message_id from smpp_message_parts where part_id in (${sql.join(
        parts.map((p) => sql`${p.messageId}`),
        sql`, `,
      )})`,
    );
    if (owners.length === 0) return new Map();
    const messageIds = sql.join(
      owners.map((o) => sql`${o.message_id}`),
      sql`, `,
    );
    const values = parts.map((p) => sql`(${p.messageId}, ${p.status}, ${p.reason ?? null}, ${p.errorCode ?? null})`);
    const rows = await this.db.transaction(
      async (tx) => {
        // Every row of these messages, locked in one order (part_id) by every writer, so two
        // batches that share messages cannot deadlock: a receipt of another part of one of them
        // (here or in another process) waits for this commit, then reads what it wrote.
        await tx.execute(sql`select part_id from smpp_message_parts where message_id in (${messageIds}) order by part_id for update`);
        // Read committed: this statement's snapshot is taken once the locks are held, so the
        // siblings read from the table are their latest states; the rows it writes come back from
        // `recorded`. A part's first final state stays (a late duplicate changes nothing).
        return queryRows<Row>(
          tx,
          sql`with incoming (part_id, status, reason, error_code) as (values ${sql.join(values, sql`, `)}),
              recorded as (
                update smpp_message_parts p
                   set status = i.status, reason = i.reason, error_code = i.error_code
                  from incoming i
                 where p.part_id = i.part_id and p.status is null and i.status is not null
                returning p.message_id, p.part_index, p.status, p.reason, p.error_code, p.part_id)
              select p.message_id, p.part_index, p.status, p.reason, p.error_code, p.part_id
                from smpp_message_parts p
               where p.message_id in (${messageIds}) and p.part_id not in (select part_id from recorded)
              union all select * from recorded`,
        );
      },
      { isolationLevel: 'read committed' },
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

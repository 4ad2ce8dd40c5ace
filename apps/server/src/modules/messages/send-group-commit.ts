// Group commit: sends that arrive within a millisecond or two of each other are written in ONE
// transaction, so the many small requests of a notification sender share one commit (and its disk
// flush) instead of paying one each. Each member is still debited on its own terms — decided in
// turn under the users' row locks (billing/ledger.ts changeBalances): one that cannot pay gets its
// own 402 and nothing of it is written, the others go through. Nobody is answered before the
// commit, so a crash loses nothing that was answered 200. If the group's transaction fails for any
// other reason, every member is tried again alone, so one bad member cannot fail the others.
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { changeBalances, type BalanceChange } from '../billing/ledger';
import { insertGroupSendRows, type NewSend } from './messages.repo';

export interface GroupedSend {
  debit: BalanceChange;
  rows: NewSend;
}

export interface GroupedSendResult {
  rows: { id: string; recipient: string }[];
  balanceAfter: number;
}

interface Member {
  send: GroupedSend;
  resolve(result: GroupedSendResult): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions {
  /** How long the first member of a group waits for others. */
  windowMs: number;
  /** A group is committed at once when it holds this many message rows. */
  maxRows: number;
}

export class SendGroupCommit {
  private waiting: Member[] = [];
  private rows = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Resolves once the send is committed; rejects with its own error (402, …) otherwise. */
  submit(send: GroupedSend): Promise<GroupedSendResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ send, resolve, reject });
      this.rows += send.rows.recipients.length;
      if (this.rows >= this.options.maxRows) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const group = this.waiting;
    this.waiting = [];
    this.rows = 0;
    if (group.length > 0) void this.commit(group);
  }

  private async commit(group: Member[]): Promise<void> {
    let outcomes: (GroupedSendResult | AppError)[];
    try {
      outcomes = await this.db.transaction((tx) => writeSendGroup(tx, group.map((m) => m.send)));
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else await Promise.all(group.map((m) => this.commit([m])));
      return;
    }
    group.forEach((m, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof AppError) m.reject(outcome);
      else m.resolve(outcome);
    });
  }
}

/** The group's debits (each conditional) and the rows of the members that could pay, in the caller's transaction. */
export async function writeSendGroup(tx: Tx, sends: readonly GroupedSend[]): Promise<(GroupedSendResult | AppError)[]> {
  const changes = await changeBalances(tx, sends.map((s) => s.debit));
  const paid = sends.filter((_, i) => !(changes[i] instanceof AppError));
  const rows = await insertGroupSendRows(tx, paid.map((s) => s.rows));
  let next = 0;
  return changes.map((c) => (c instanceof AppError ? c : { rows: rows[next++]!, balanceAfter: c.balanceAfter }));
}

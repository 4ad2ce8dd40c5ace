// Group commit: sends that arrive within a millisecond (SEND_GROUP_COMMIT_MS) of each other are
// written by ONE statement (messages.repo.ts insertSendGroup), so the many small requests of a
// notification sender share one transaction — one round trip and one commit (and its disk flush) —
// instead of paying six round trips and a commit each. Each member is still debited on its own
// terms, under the users' row locks (billing/ledger.ts groupDebitCtes); one the balance does not
// cover after the members before it is decided alone (changeBalance in its own transaction), which
// gives it its exact answer, a 402 if it cannot pay. Nobody is answered before the commit, so a
// crash loses nothing that was answered 200. If the group's statement fails for any other reason,
// every member is tried alone, so one bad member cannot fail the others, unless the connection
// broke: then the group may have committed before its answer was lost, and trying its members
// again could debit and send them twice, so each gets the error (a 503) instead.
//
// On PostgreSQL the group's statement runs on the send pool, whose connections keep its plan
// (db/client.ts createSendPool).
//
// When this process's dispatcher has room, the group's immediate rows are written already claimed
// by it and handed to it after the commit (lifecycle/hand-off.ts).
import { sendGroupDatabase, type Database } from '../../db/client';
import { handOffTargetFor } from './lifecycle/hand-off';
import type { ClaimedMessage } from './lifecycle/message-store';
import { isDatabaseUnavailable } from '../../http/unavailable';
import { AppError } from '../../lib/errors';
import { changeBalance, type BalanceChange, type GroupDebit } from '../billing/ledger';
import { insertSendGroup, insertSendRows, type NewSend } from './messages.repo';

export interface GroupedSend {
  /** A debit: a negative amount. */
  debit: BalanceChange;
  rows: NewSend;
}

export interface GroupedSendResult {
  rows: { id: string; recipient: string }[];
  balanceAfter: number;
  /** The rows went to this process's dispatcher: no other dispatcher needs waking. */
  handedOff: boolean;
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

/**
 * Groups written at the same time by one instance. Concurrent sends are mostly one customer's,
 * whose balance row every group locks, so a second group in flight would only wait for the first;
 * gathering instead makes the next group larger. Two keep the database busy between groups. The
 * send pool (db/client.ts) has as many connections.
 */
const MAX_GROUPS_IN_FLIGHT = 2;

export class SendGroupCommit {
  private waiting: Member[] = [];
  private rows = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Groups being written. While one is, the next gathers: it would wait for the same row locks anyway. */
  private inFlight = 0;

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
    if (this.waiting.length === 0 || this.inFlight >= MAX_GROUPS_IN_FLIGHT) return;
    const group = this.waiting;
    this.waiting = [];
    this.rows = 0;
    this.inFlight++;
    void this.commit(group).finally(() => {
      this.inFlight--;
      // What gathered meanwhile goes at once: it has waited a whole group's commit already.
      this.flush();
    });
  }

  private async commit(group: Member[]): Promise<void> {
    const target = handOffTargetFor(this.db);
    const immediate = group.filter((m) => !m.send.rows.scheduledFor);
    const lease = immediate.length > 0 ? (target?.reserve(immediate.reduce((n, m) => n + m.send.rows.recipients.length, 0)) ?? null) : null;
    let outcomes: Awaited<ReturnType<typeof insertSendGroup>>;
    try {
      outcomes = await insertSendGroup(sendGroupDatabase(this.db), group.map((m, index) => ({ debit: groupDebit(m.send.debit, index), send: m.send.rows })), lease);
    } catch (error) {
      if (lease) target!.release(lease);
      // Rows written under a released lease are claimed again once it runs out: none is lost.
      if (isDatabaseUnavailable(error)) for (const m of group) m.reject(error);
      else await Promise.all(group.map((m) => this.commitAlone(m)));
      return;
    }
    if (lease) {
      const handed = group.flatMap((m, i) => (m.send.rows.scheduledFor ? [] : claimedRows(m.send.rows, outcomes[i]!.rows)));
      if (handed.length > 0) target!.take(lease, handed);
      else target!.release(lease);
    }
    await Promise.all(
      group.map(async (m, i) => {
        const outcome = outcomes[i]!;
        if (outcome.balanceAfter !== null) m.resolve({ rows: outcome.rows, balanceAfter: outcome.balanceAfter, handedOff: lease !== null && !m.send.rows.scheduledFor });
        else if (!outcome.known) m.reject(new AppError(404, 'user_not_found', 'User not found'));
        else await this.commitAlone(m);
      }),
    );
  }

  /** One member in its own transaction: the exact answer for a send the group could not place. */
  private async commitAlone(m: Member): Promise<void> {
    try {
      m.resolve(
        await this.db.transaction(async (tx) => {
          const change = await changeBalance(tx, m.send.debit);
          return { rows: await insertSendRows(tx, m.send.rows), balanceAfter: change.balanceAfter, handedOff: false };
        }),
      );
    } catch (error) {
      m.reject(error);
    }
  }
}

/** A member's rows as the dispatcher takes them: what the claim would have read back. */
function claimedRows(send: NewSend, rows: readonly { id: string; recipient: string }[]): ClaimedMessage[] {
  return rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    message: send.message,
    senderName: send.senderName,
    channel: send.channel,
    attempts: 1,
    test: false,
  }));
}

function groupDebit(change: BalanceChange, index: number): GroupDebit {
  if (change.amount > 0) throw new Error('A grouped send is a debit');
  return { index, userId: change.userId, cost: -change.amount, type: change.type, description: change.description, reference: change.reference ?? '' };
}

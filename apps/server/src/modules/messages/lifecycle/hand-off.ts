// Hand-off: a send accepted by a process whose own dispatcher has room is written already claimed
// by that dispatcher (its lease token and lease end, attempt 1) and given to it in memory once the
// rows are committed. The dispatcher's claim would otherwise write every row a second time (a new
// row version in each of the table's indexes) only to stamp the lease, and wait for its next poll
// or wake-up to do it.
//
// Nothing is lost if the process dies with messages in hand: they are rows with a lease like any
// claimed batch, and once the lease has run out any dispatcher claims them (message-store.ts).
// Processes without a dispatcher (RUN_JOBS=false) register none and write plain queued rows.
import type { Database } from '../../../db/client';
import type { ClaimedMessage } from './message-store';

export interface HandOffLease {
  token: string;
  seconds: number;
  /** Rows reserved in the dispatcher: the most this lease may carry. */
  rows: number;
}

export interface HandOffTarget {
  /** A lease for up to `rows` new messages, or null when the dispatcher has no room for them. */
  reserve(rows: number): HandOffLease | null;
  /** The leased messages, written and committed: the dispatcher sends them. */
  take(lease: HandOffLease, messages: ClaimedMessage[]): void;
  /** Nothing was written under this lease. */
  release(lease: HandOffLease): void;
}

/** One dispatcher per database in a process (tests run several apps, each on its own database). */
const targets = new WeakMap<Database, HandOffTarget>();

export function setHandOffTarget(db: Database, target: HandOffTarget | null): void {
  if (target) targets.set(db, target);
  else targets.delete(db);
}

export function handOffTargetFor(db: Database): HandOffTarget | undefined {
  return targets.get(db);
}

// Figures read from the database when Prometheus scrapes: they are the same for every instance,
// so they are right however many processes run. Each query is small: the queue through its
// partial index, refunds through the refund-once index. The ledger integrity walk reads every
// entry, so it runs in the background at most once per LEDGER_CHECK_INTERVAL_MS and the scrape
// reports its last result.
import { sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { checkLedgerIntegrity } from '../modules/billing/integrity';

export const LEDGER_CHECK_INTERVAL_MS = 5 * 60_000;

/** Messages due now and how long the oldest has waited (the queue's health, used by /api/ready too). */
export async function queueState(db: Database): Promise<{ due: number; oldestDueSeconds: number }> {
  const result = await db.execute(sql`
    select count(*)::int as due,
           coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as oldest
    from messages where status in ('pending', 'scheduled') and next_attempt_at <= now()`);
  const row = (result as unknown as { rows: { due: number; oldest: number }[] }).rows[0]!;
  return { due: Number(row.due), oldestDueSeconds: Math.max(0, Number(row.oldest)) };
}

async function refundTotals(db: Database): Promise<{ count: number; micros: number }> {
  const result = await db.execute(sql`
    select count(*)::int as count, coalesce(sum(amount), 0)::bigint as micros
    from transactions where type = 'refund' and reference is not null`);
  const row = (result as unknown as { rows: { count: number; micros: string | number }[] }).rows[0]!;
  return { count: Number(row.count), micros: Number(row.micros) };
}

export function databaseGauges(db: Database) {
  const registry = new Registry();
  const up = new Gauge({ name: 'kurir_database_up', help: '1 when the scrape could read the database', registers: [registry] });
  const depth = new Gauge({ name: 'kurir_queue_due_messages', help: 'Messages due to be sent now', registers: [registry] });
  const age = new Gauge({ name: 'kurir_queue_oldest_due_seconds', help: 'How long the oldest due message has waited', registers: [registry] });
  const refunds = new Gauge({ name: 'kurir_refunds', help: 'Refund ledger entries so far (all processes)', registers: [registry] });
  const refunded = new Gauge({ name: 'kurir_refunded_euros', help: 'Euros refunded so far (all processes)', registers: [registry] });
  const ledgerProblems = new Gauge({ name: 'kurir_ledger_problems', help: 'Balances that do not match their ledger (last check); must be 0', registers: [registry] });
  const ledgerCheckedAt = new Gauge({ name: 'kurir_ledger_checked_timestamp_seconds', help: 'When the ledger was last checked', registers: [registry] });

  let ledgerRun: Promise<void> | null = null;
  let ledgerCheckedMs = 0;
  const refreshLedger = () => {
    if (ledgerRun || Date.now() - ledgerCheckedMs < LEDGER_CHECK_INTERVAL_MS) return ledgerRun;
    ledgerRun = checkLedgerIntegrity(db)
      .then((report) => {
        ledgerProblems.set(report.problems.length);
        ledgerCheckedMs = Date.now();
        ledgerCheckedAt.set(ledgerCheckedMs / 1000);
      })
      .catch(() => {})
      .finally(() => (ledgerRun = null));
    return ledgerRun;
  };

  return {
    registry,
    /** Reads the figures; the first scrape also waits for the first ledger check. */
    async collect(): Promise<void> {
      const first = ledgerCheckedMs === 0 ? refreshLedger() : (refreshLedger(), null);
      try {
        const [queue, refund] = await Promise.all([queueState(db), refundTotals(db), first]);
        depth.set(queue.due);
        age.set(queue.oldestDueSeconds);
        refunds.set(refund.count);
        refunded.set(refund.micros / 1_000_000);
        up.set(1);
      } catch {
        up.set(0);
      }
    },
  };
}

// The audit log: every admin action writes one row in the SAME transaction as the change it
// records (callers pass their transaction handle), so a rolled-back action leaves no entry and a
// committed one always has its entry.
import { desc, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditTarget } from '@kurir/core';
import type { DbOrTx, Tx } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';
import { describeAudit } from './describe-audit';

export interface AuditRecord {
  adminId: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId?: string | null;
  targetLabel?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function writeAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    adminUserId: record.adminId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    targetLabel: record.targetLabel ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** Only the fields whose values differ, as { before, after }; null when nothing changed. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}

export async function listRecentActivity(db: DbOrTx, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      entry: auditLog,
      adminName: sql<string>`coalesce(${users.companyName}, nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.phone})`,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.adminUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, adminName }) => {
    const dto = {
      id: entry.id,
      adminUserId: entry.adminUserId,
      adminName,
      action: entry.action as AuditAction,
      targetType: entry.targetType as AuditTarget,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: entry.createdAt.toISOString(),
    };
    return { ...dto, summary: describeAudit(dto) };
  });
}

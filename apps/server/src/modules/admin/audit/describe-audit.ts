// One sentence per audit entry for the dashboard's Recent Activity panel.
import type { AuditAction } from '@kurir/core';

interface Describable {
  adminName: string;
  action: AuditAction;
  targetLabel: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const VERBS: Record<AuditAction, string> = {
  credit_added: 'added credit to',
  user_updated: 'edited',
  user_settings_updated: 'changed the settings of',
  sms_sent: 'sent an SMS to',
  product_assigned: 'assigned a product to',
  product_removed: 'removed a product from',
  sender_name_sent_to_provider: 'sent to the mobile provider the sender name of',
  sender_name_approved: 'approved the sender name of',
  sender_name_denied: 'denied the sender name of',
  product_created: 'created the product',
  product_updated: 'edited the product',
  product_deleted: 'deleted the product',
  product_retired: 'retired the product',
  template_created: 'created the template',
  template_updated: 'edited the template',
  template_deleted: 'deleted the template',
  settings_updated: 'changed the admin settings',
  scheduled_deleted: 'deleted a scheduled message of',
  ledger_checked: 'ran the ledger check',
};

function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (!after) return '';
  const parts = Object.keys(after).map((k) => `${k}: ${String(before?.[k] ?? '—')} → ${String(after[k] ?? '—')}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

export function describeAudit(e: Describable): string {
  const target = e.targetLabel ? ` ${e.targetLabel}` : '';
  return `${e.adminName} ${VERBS[e.action]}${target}${changes(e.before, e.after)}`;
}

// A short name for each audited action: the Recent Activity headline. The changed values follow
// on their own lines (audit-changes.ts), so the headline stays one glance long.
import type { AuditAction } from '@kurir/core';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  credit_added: 'Added credit',
  user_updated: 'Edited user',
  user_settings_updated: 'Changed user settings',
  sms_sent: 'Sent SMS',
  product_assigned: 'Assigned product',
  product_removed: 'Removed product',
  sender_name_sent_to_provider: 'Sent sender name to provider',
  sender_name_approved: 'Approved sender name',
  sender_name_denied: 'Denied sender name',
  product_created: 'Created product',
  product_updated: 'Updated product',
  product_deleted: 'Deleted product',
  product_retired: 'Retired product',
  template_created: 'Created template',
  template_updated: 'Updated template',
  template_deleted: 'Deleted template',
  settings_updated: 'Changed admin settings',
  scheduled_deleted: 'Deleted scheduled message',
};

// How a scheduled message reads on the admin list (admin spec §2 "Scheduled Messages page", §4).
import { ADMIN_SCHEDULED_MESSAGES, type AdminScheduledMessage } from '@kurir/core';

/**
 * Still waiting although its time has come: the server's flag from when the list was read, or
 * the browser's clock since (the list refreshes every 30 s; a row can pass its time in between).
 */
export function isOverdue(message: Pick<AdminScheduledMessage, 'status' | 'scheduled_for' | 'overdue'>, now: Date): boolean {
  if (message.status !== 'scheduled') return false;
  if (message.overdue) return true;
  const at = Date.parse(message.scheduled_for);
  return !Number.isNaN(at) && at <= now.getTime();
}

/** Only a message that still waits can be deleted (admin spec §4). */
export const canDelete = (message: Pick<AdminScheduledMessage, 'status'>) => message.status === 'scheduled';

/** 'From': the sender name and the customer's phone; 'Unknown' for what is missing. */
export function fromLines(message: Pick<AdminScheduledMessage, 'sender_name' | 'user_phone'>): [string, string] {
  return [message.sender_name || ADMIN_SCHEDULED_MESSAGES.unknownSender, message.user_phone || ADMIN_SCHEDULED_MESSAGES.unknownSender];
}

export const SCHEDULED_STATUS_COLORS: Record<AdminScheduledMessage['status'], string> = {
  scheduled: 'violet',
  pending: 'yellow',
  sent: 'blue',
  delivered: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

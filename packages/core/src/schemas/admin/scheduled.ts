// GET /api/admin/scheduled?search=… and DELETE /api/admin/scheduled/{id} (refunds the customer once).
import { z } from '../zod';
import { ADMIN_LIST_MAX, ADMIN_SCHEDULED_STATUSES, CHANNELS } from '../../constants';

export const ADMIN_SCHEDULED_MESSAGES = {
  fetchFailed: 'Failed to fetch scheduled messages',
  confirmDelete: 'Are you sure you want to delete this scheduled message?',
  deletedTitle: 'Success',
  deleted: 'Scheduled message deleted successfully',
  deleteFailedTitle: 'Error',
  deleteFailed: 'Failed to delete scheduled message',
  emptyTitle: 'No Scheduled Messages',
  empty: 'There are no scheduled messages in the system at the moment.',
  footer: (n: number) => `Showing ${n} scheduled message(s)`,
  overdue: 'Overdue',
  unknownSender: 'Unknown',
} as const;

/**
 * `search`: comma-separated terms, ANY of which matches recipient, message, sender name, or the
 * user's phone, first, last or company name. `status` narrows to one status; by default every
 * message that was ever scheduled is listed, soonest scheduled first among the waiting ones.
 */
export const adminScheduledQuerySchema = z.object({
  search: z.string().max(500).default(''),
  status: z.enum(ADMIN_SCHEDULED_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX).default(500),
});
export type AdminScheduledQuery = z.infer<typeof adminScheduledQuerySchema>;

export const adminScheduledMessageSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  recipient: z.string(),
  message: z.string(),
  scheduled_for: z.string(),
  sender_name: z.string(),
  user_phone: z.string(),
  user_name: z.string().nullable(),
  channel: z.enum(CHANNELS),
  status: z.enum(ADMIN_SCHEDULED_STATUSES),
  error_message: z.string().nullable(),
  /** Still waiting although its time has passed (the server's clock). */
  overdue: z.boolean(),
});
export type AdminScheduledMessage = z.infer<typeof adminScheduledMessageSchema>;

export const adminScheduledResponseSchema = z.object({ messages: z.array(adminScheduledMessageSchema) });
export const adminScheduledDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Euros returned to the customer. */
  refunded: z.number(),
});

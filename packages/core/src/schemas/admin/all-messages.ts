// GET /api/sms/all?limit=15&offset=0&search=…: every customer's messages, newest first.
import { z } from '../zod';
import { ALL_MESSAGES_PAGE_SIZE, ALL_MESSAGES_PAGE_SIZE_MAX, CHANNELS } from '../../constants';
import { MESSAGE_STATUS_VALUES } from '../messages';

export const ALL_MESSAGES_TEXTS = {
  fetchFailed: 'Failed to fetch SMS history',
  empty: 'No messages found',
  loading: 'Loading messages...',
  total: (total: string) => `${total} total messages`,
  ofTotal: (shown: number, total: string) => `${shown} of ${total} results`,
  found: (total: string) => `Found ${total} total matches`,
  showing: (count: number, page: number) => `Showing ${count} results on page ${page}`,
  noMatches: (term: string) => `No matches found for "${term}"`,
} as const;

/**
 * `search`: terms separated by commas; a message matches when ANY term matches (OR) its user's
 * phone, its sender name, its recipient, its text or its status (case-insensitive substring;
 * a status term matches the status exactly).
 */
export const allMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ALL_MESSAGES_PAGE_SIZE_MAX).default(ALL_MESSAGES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  search: z.string().max(500).default(''),
});
export type AllMessagesQuery = z.infer<typeof allMessagesQuerySchema>;

/** The search's terms: split on commas, trimmed, blanks and repeats dropped, at most 10. */
export function searchTerms(search: string): string[] {
  return [...new Set(search.split(',').map((t) => t.trim()).filter(Boolean))].slice(0, 10);
}

export const adminMessageSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_phone: z.string(),
  /** Company name, else first and last name; null when none. */
  user_name: z.string().nullable(),
  sender_name: z.string(),
  recipient: z.string(),
  message: z.string(),
  status: z.enum(MESSAGE_STATUS_VALUES),
  channel: z.enum(CHANNELS),
  created_at: z.string(),
  /** Euros as a decimal string with 6 decimals ('0.079910'); '0.000000' once refunded or when sent by an admin. */
  sell_price: z.string(),
  sent_by_admin: z.boolean(),
  /** Sent with a test API key: the simulator carried it and it cost nothing (so its price is 0, not a refund). */
  test: z.boolean(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/** `total_capped`: a search's total stopped at LIST_TOTAL_CAP, so `total` is a lower bound. */
export const allMessagesResponseSchema = z.object({
  messages: z.array(adminMessageSchema),
  total: z.number(),
  total_capped: z.boolean(),
});
export type AllMessagesResponse = z.infer<typeof allMessagesResponseSchema>;

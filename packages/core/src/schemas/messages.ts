// The wire contract of sending, scheduling, history, scheduled messages, dashboard statistics and
// AI suggestions, with the spec's messages (customer §5, §7, §8). The web validates and quotes with
// the same functions the server charges with.
import { z } from './zod';
import { CHANNELS, MESSAGE_MAX_LENGTH, MESSAGE_STATUS_VALUES } from '../constants';
import { MESSAGE_TYPE_VALUES, SEND_MESSAGES } from '../send-rules';

// Defined with the other plain constants, so a page that only names statuses does not load zod.
export { MESSAGE_STATUS_VALUES, type MessageStatus } from '../constants';

export {
  MAX_SCHEDULE_AHEAD_DAYS,
  MESSAGE_TYPE_VALUES,
  SEND_MESSAGES,
  TEST_MAX_MESSAGES_PER_DAY,
  TEST_MAX_RECIPIENTS_PER_SEND,
  parseRecipients,
  recipientsError,
  splitRecipientText,
  type MessageType,
  type ParsedRecipients,
} from '../send-rules';

const messageText = z
  .string({ error: SEND_MESSAGES.messageRequired })
  .refine((v) => v.trim().length > 0, SEND_MESSAGES.messageRequired)
  .refine((v) => v.length <= MESSAGE_MAX_LENGTH, SEND_MESSAGES.messageTooLong);

const recipientList = z.array(z.string().max(64), { error: SEND_MESSAGES.recipientRequired }).max(1_000_000);
const isoTime = z.iso.datetime({ offset: true, error: 'The scheduled time is not a valid date and time.' });

const sendFields = {
  message: messageText,
  recipients: recipientList.optional(),
  recipient: z.string({ error: SEND_MESSAGES.recipientRequired }).max(64).optional(),
  /** The approved custom sender name or the default is used; another name is ignored. */
  sender: z.string().max(64).optional(),
  channel: z.enum(CHANNELS).default('sms'),
  messageType: z.enum(MESSAGE_TYPE_VALUES).optional(),
  /** Send to every number of these phonebooks too (needs the Phonebook service). */
  phonebookIds: z.array(z.string().max(64)).max(100).optional(),
  /**
   * The euros the customer reviewed as debited now. When given, a send that would debit another
   * amount (a price, or a phonebook, changed since the review) is refused with 409 and nothing is sent.
   */
  expectedCost: z.number().nonnegative().max(1e9).optional(),
};

export const sendMessageBodySchema = z.strictObject({
  ...sendFields,
  schedule: z.boolean().optional(),
  scheduledFor: isoTime.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const scheduleMessageBodySchema = z.strictObject({
  ...sendFields,
  scheduledFor: z.string({ error: SEND_MESSAGES.scheduleTimeRequired }).pipe(isoTime),
});
export type ScheduleMessageBody = z.infer<typeof scheduleMessageBodySchema>;

export const sendMessageResponseSchema = z.object({
  message: z.string(),
  batchId: z.string(),
  count: z.number(),
  /** Euros debited now (for Viber: the most it can cost; the unused part is refunded). */
  cost: z.number(),
  newCredit: z.number(),
  sender: z.string(),
  channel: z.enum(CHANNELS),
  parts: z.number(),
  scheduledFor: z.string().nullable(),
  duplicatesRemoved: z.number(),
  /** One result per distinct recipient. */
  results: z.array(z.object({ recipient: z.string(), id: z.string(), status: z.enum(MESSAGE_STATUS_VALUES) })),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

export const quoteMessageBodySchema = z.strictObject({
  message: z.string().max(MESSAGE_MAX_LENGTH, SEND_MESSAGES.messageTooLong).default(''),
  recipients: recipientList.optional(),
  recipient: z.string().max(64).optional(),
  channel: z.enum(CHANNELS).default('sms'),
  phonebookIds: z.array(z.string().max(64)).max(100).optional(),
});
export type QuoteMessageBody = z.infer<typeof quoteMessageBodySchema>;

export const quoteMessageResponseSchema = z.object({
  recipients: z.number(),
  invalid: z.array(z.string()),
  duplicatesRemoved: z.number(),
  encoding: z.enum(['gsm', 'unicode']),
  parts: z.number(),
  /** Euros, tax included. */
  unitPrice: z.number(),
  /** Euros: what the customer pays if every message is delivered on the chosen channel. */
  cost: z.number(),
  /** Euros debited at send (the Viber fallback reserve included). */
  reserved: z.number(),
  credit: z.number(),
  remaining: z.number(),
});
export type QuoteMessageResponse = z.infer<typeof quoteMessageResponseSchema>;

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  text: z.string().max(200).optional(),
  recipient: z.string().max(64).optional(),
  /** A date (YYYY-MM-DD, the whole day in UTC) or an ISO time. */
  start_date: z.string().max(40).optional(),
  end_date: z.string().max(40).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyMessageSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  message: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(MESSAGE_STATUS_VALUES),
  created_at: z.string(),
  /** Euros the customer pays for it: the channel's price, 0 once failed or cancelled. */
  sell_price: z.number(),
  scheduled_for: z.string().nullable(),
  error_message: z.string().nullable(),
  parts: z.number(),
  sender_name: z.string(),
  /** Sent to this user by an administrator (free of charge), not by the user. */
  sent_by_admin: z.boolean(),
});
export type HistoryMessage = z.infer<typeof historyMessageSchema>;

/** `total_capped`: a filtered total stopped at LIST_TOTAL_CAP, so `total` is a lower bound. */
export const historyResponseSchema = z.object({
  messages: z.array(historyMessageSchema),
  total: z.number(),
  total_capped: z.boolean(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const scheduledMessageSchema = z.object({
  id: z.string(),
  /** The send it belongs to: one request's recipients share it (the page shows them as a batch). */
  batch_id: z.string(),
  recipient: z.string(),
  message: z.string(),
  channel: z.enum(CHANNELS),
  scheduled_for: z.string(),
  sender_name: z.string(),
  created_at: z.string(),
  status: z.literal('scheduled'),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;

export const scheduledListResponseSchema = z.object({ messages: z.array(scheduledMessageSchema) });

export const cancelScheduledResponseSchema = z.object({ message: z.string(), newCredit: z.number() });
export type CancelScheduledResponse = z.infer<typeof cancelScheduledResponseSchema>;

export const dashboardStatsSchema = z.object({
  /** Messages handed to a provider (or finally refused), all time. */
  totalSent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  /** Percent change of this calendar month's sent messages over last month's (UTC), one decimal. */
  lastMonthGrowth: z.number(),
  /** Percent of totalSent, one decimal. */
  deliveryRate: z.number(),
  failureRate: z.number(),
  /** Viber messages sent this calendar month. */
  totalViber: z.number(),
  viberLimit: z.number(),
  /** The last 30 days (UTC), oldest first, every day present. */
  daily: z.array(z.object({ date: z.string(), sent: z.number(), delivered: z.number(), failed: z.number() })),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const aiSuggestionsBodySchema = z.strictObject({
  recipient: z.string().max(200).optional(),
  messageType: z.enum(MESSAGE_TYPE_VALUES).default('general'),
  businessType: z.string().trim().max(100).default(''),
});
export type AiSuggestionsBody = z.infer<typeof aiSuggestionsBodySchema>;

export const aiSuggestionsResponseSchema = z.object({ success: z.boolean(), suggestions: z.array(z.string()) });
export type AiSuggestionsResponse = z.infer<typeof aiSuggestionsResponseSchema>;

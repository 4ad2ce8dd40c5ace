// The rules of a send that are not a wire schema: the recipients' parsing and the spec's messages
// (customer §5). Kept apart from schemas/messages.ts so the send form uses them without loading
// zod; that module re-exports them for the server.
import { EXAMPLE_PHONE, isValidRecipient, normalizePhone } from './phone';

export const MESSAGE_TYPE_VALUES = ['general', 'marketing', 'reminder', 'notification', 'confirmation'] as const;
export type MessageType = (typeof MESSAGE_TYPE_VALUES)[number];

/** How far ahead a message may be scheduled. */
export const MAX_SCHEDULE_AHEAD_DAYS = 365;

/**
 * A test API key's sends are free and go to the simulator, through the same queue as the live
 * ones: enough to try an integration, not enough to fill the queue in front of paid messages.
 */
export const TEST_MAX_RECIPIENTS_PER_SEND = 100;
export const TEST_MAX_MESSAGES_PER_DAY = 1000;

export const SEND_MESSAGES = {
  messageRequired: 'Message is required',
  messageTooLong: 'Message is too long',
  recipientRequired: 'Recipient is required',
  invalidRecipient: (number: string) =>
    `Invalid phone number format: ${number}. Phone number must include country code (e.g., ${EXAMPLE_PHONE})`,
  invalidRecipients: (count: number) =>
    `${count} phone numbers are missing country codes. All numbers must start with + and include country code.`,
  tooManyRecipients: (count: number, max: number) =>
    `Too many recipients: ${count.toLocaleString('en')}. One send can have at most ${max.toLocaleString('en')} recipients.`,
  scheduleTimeRequired: 'Please choose a date and time for the scheduled message.',
  scheduleTimeInPast: 'The scheduled time must be in the future.',
  scheduleTimeTooFar: `The scheduled time must be within the next ${MAX_SCHEDULE_AHEAD_DAYS} days.`,
  sent: (count: number) => (count === 1 ? 'Message sent successfully.' : `${count} messages sent successfully.`),
  scheduled: (count: number) =>
    count === 1
      ? 'Your message is added to queue and will be sent at the scheduled time.'
      : `${count} messages are added to queue and will be sent at the scheduled time.`,
  cancelled: 'Scheduled message cancelled successfully',
  notFound: 'Message not found',
  alreadyProcessing: 'This message is already being sent and can no longer be cancelled.',
  alreadyCancelled: 'This scheduled message was already cancelled.',
  testTooManyRecipients: `A test key sends to at most ${TEST_MAX_RECIPIENTS_PER_SEND} recipients at a time. Use a live key for more.`,
  priceChanged: 'The price of this send has changed since you reviewed it. Please review it again.',
  testDailyQuota: `A test key sends at most ${TEST_MAX_MESSAGES_PER_DAY.toLocaleString('en')} messages a day. Use a live key for more, or try again tomorrow.`,
} as const;

export interface ParsedRecipients {
  /** Normalised, valid, each once, in the order first given. */
  recipients: string[];
  /** Normalised numbers that are not valid, each once. */
  invalid: string[];
  /** How many repeated numbers were dropped. */
  duplicates: number;
}

/** Bulk input: split on new lines or commas, blanks dropped (spec §5). */
export function splitRecipientText(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Normalises and checks recipients; blanks are dropped, repeats are sent once. */
export function parseRecipients(inputs: readonly string[]): ParsedRecipients {
  const seen = new Set<string>();
  const invalid = new Set<string>();
  const recipients: string[] = [];
  let duplicates = 0;
  for (const input of inputs) {
    if (input.trim() === '') continue;
    const phone = normalizePhone(input);
    if (!isValidRecipient(phone)) {
      invalid.add(phone === '' ? input.trim() : phone);
    } else if (seen.has(phone)) {
      duplicates++;
    } else {
      seen.add(phone);
      recipients.push(phone);
    }
  }
  return { recipients, invalid: [...invalid], duplicates };
}

/** The spec's message for the recipients of a send, or null when they are fine. */
export function recipientsError(parsed: ParsedRecipients, maxRecipients: number): string | null {
  if (parsed.invalid.length === 1) return SEND_MESSAGES.invalidRecipient(parsed.invalid[0]!);
  if (parsed.invalid.length > 1) return SEND_MESSAGES.invalidRecipients(parsed.invalid.length);
  if (parsed.recipients.length === 0) return SEND_MESSAGES.recipientRequired;
  if (parsed.recipients.length > maxRecipients) {
    return SEND_MESSAGES.tooManyRecipients(parsed.recipients.length, maxRecipients);
  }
  return null;
}

// POST /api/admin/send-sms: an SMS to a user from the admin sender name, not charged to the user.
import { z } from '../zod';
import { ADMIN_SMS_MAX_LENGTH } from '../../constants';

export const ADMIN_SMS_MESSAGES = {
  recipientRequired: 'Recipient is required',
  recipientNotUser: "Recipient must be the user's phone number",
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${ADMIN_SMS_MAX_LENGTH} characters`,
  /** The progress toast while the send is on its way (its words are ours; the spec gives its 2 s). */
  sending: 'Sending SMS…',
  sent: 'SMS sent successfully',
  failed: 'Failed to send message',
} as const;

export const adminSendSmsBodySchema = z.strictObject({
  /** The user the SMS goes to; the recipient must be their phone. */
  userId: z.uuid({ error: 'User is required' }),
  recipient: z.string({ error: ADMIN_SMS_MESSAGES.recipientRequired }).trim().min(1, ADMIN_SMS_MESSAGES.recipientRequired).max(64),
  message: z
    .string({ error: ADMIN_SMS_MESSAGES.messageRequired })
    .refine((v) => v.trim().length > 0, ADMIN_SMS_MESSAGES.messageRequired)
    .refine((v) => v.length <= ADMIN_SMS_MAX_LENGTH, ADMIN_SMS_MESSAGES.messageTooLong),
});
export type AdminSendSmsBody = z.infer<typeof adminSendSmsBodySchema>;

export const adminSendSmsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The queued message; it shows in the user's history with sent_by_admin true. */
  id: z.string(),
  sender: z.string(),
  recipient: z.string(),
});
export type AdminSendSmsResponse = z.infer<typeof adminSendSmsResponseSchema>;

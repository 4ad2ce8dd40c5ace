// GET /api/admin/settings and POST /api/admin/settings: the admin sender name (the sender of SMS
// an admin sends) and the channel new users start with.
import { z } from '../zod';
import { ADMIN_SENDER_NAME_MIN, CHANNELS, SENDER_NAME_MAX } from '../../constants';

export const SETTINGS_MESSAGES = {
  senderTooShort: `Sender name must be at least ${ADMIN_SENDER_NAME_MIN} characters`,
  senderTooLong: `Sender name cannot exceed ${SENDER_NAME_MAX} characters`,
  senderCharacters: 'Sender name may contain only letters, numbers and spaces',
  channelInvalid: 'Default channel must be sms or viber',
  updated: 'Settings Updated',
  failed: 'Failed to update settings',
} as const;

export const adminSettingsSchema = z.strictObject({
  adminSenderName: z
    .string({ error: SETTINGS_MESSAGES.senderTooShort })
    .trim()
    .min(ADMIN_SENDER_NAME_MIN, SETTINGS_MESSAGES.senderTooShort)
    .max(SENDER_NAME_MAX, SETTINGS_MESSAGES.senderTooLong)
    .regex(/^[A-Za-z0-9 ]+$/, SETTINGS_MESSAGES.senderCharacters),
  defaultChannel: z.enum(CHANNELS, { error: SETTINGS_MESSAGES.channelInvalid }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const adminSettingsResponseSchema = z.object({ settings: adminSettingsSchema });
export const adminSettingsSavedResponseSchema = z.object({ message: z.string(), settings: adminSettingsSchema });

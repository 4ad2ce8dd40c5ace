// The wire contract of PUT /api/user/profile: only the fields a customer may change (spec §7).
// Role, credit, status and phone are not here, and unknown keys are refused, so no request can
// change them through this route.
import { z } from './zod';
import { CHANNELS, SENDER_NAME_MAX } from '../constants';

export const PROFILE_TEXT_MAX = 200;

export const PROFILE_MESSAGES = {
  invalidEmail: 'Invalid email address',
  senderRequired: 'Sender name is required',
  senderTooLong: `Sender name must be ${SENDER_NAME_MAX} characters or less`,
  senderNotAllowed: 'Sender name can only be the default sender name or your approved Custom Sender Name.',
  textTooLong: `Each field must be ${PROFILE_TEXT_MAX} characters or less`,
  invalidChannel: 'Primary channel must be sms or viber',
  updated: 'Your profile has been successfully updated.',
} as const;

/** Optional text: trimmed; empty or null clears it; absent leaves it unchanged. */
const optionalText = z
  .string()
  .nullable()
  .transform((v) => v?.trim() ?? '')
  .pipe(z.string().max(PROFILE_TEXT_MAX, PROFILE_MESSAGES.textTooLong))
  .transform((v) => (v === '' ? null : v))
  .optional();

const email = z
  .string()
  .nullable()
  .transform((v) => v?.trim() ?? '')
  .pipe(z.union([z.literal(''), z.email(PROFILE_MESSAGES.invalidEmail).max(254, PROFILE_MESSAGES.invalidEmail)], { error: PROFILE_MESSAGES.invalidEmail }))
  .transform((v) => (v === '' ? null : v))
  .optional();

export const profileUpdateBodySchema = z.strictObject({
  first_name: optionalText,
  last_name: optionalText,
  email,
  company_name: optionalText,
  address: optionalText,
  city: optionalText,
  zip_code: optionalText,
  country: optionalText,
  tax_id: optionalText,
  sender_name: z
    .string({ error: PROFILE_MESSAGES.senderRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.senderRequired)
    .max(SENDER_NAME_MAX, PROFILE_MESSAGES.senderTooLong)
    .optional(),
  primary_channel: z.enum(CHANNELS, { error: PROFILE_MESSAGES.invalidChannel }).optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;
export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

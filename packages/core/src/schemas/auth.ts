// The wire contract of /api/auth: request bodies and the user the server returns.
import { z } from './zod';
import { CODE_PATTERN } from '../code';
import { CHANNELS, ROLES, USER_STATUSES } from '../constants';
import { EXAMPLE_PHONE, LOGIN_PHONE_PATTERN, stripSpaces } from '../phone';

export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = `Enter a valid phone number with country code (e.g., ${EXAMPLE_PHONE})`;
export const CODE_REQUIRED = 'Verification code is required';
export const CODE_INVALID = 'Enter a valid 6-digit code';

export const loginPhoneSchema = z
  .string({ error: PHONE_REQUIRED })
  .transform(stripSpaces)
  .pipe(z.string().min(1, PHONE_REQUIRED).regex(LOGIN_PHONE_PATTERN, PHONE_INVALID));

export const phoneBodySchema = z.strictObject({ phone: loginPhoneSchema });
export type PhoneBody = z.infer<typeof phoneBodySchema>;

export const verifyBodySchema = z.strictObject({
  phone: loginPhoneSchema,
  code: z.string({ error: CODE_REQUIRED }).min(1, CODE_REQUIRED).regex(CODE_PATTERN, CODE_INVALID),
});
export type VerifyBody = z.infer<typeof verifyBodySchema>;

/** Which add-ons the user has active right now; computed on the server from their products. */
export const featuresSchema = z.object({
  viber: z.boolean(),
  schedule: z.boolean(),
  phonebook: z.boolean(),
  customSender: z.boolean(),
  /** Live API keys (test keys are free). */
  api: z.boolean(),
});
export type Features = z.infer<typeof featuresSchema>;

export const userSchema = z.object({
  id: z.string(),
  phone: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  company_name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  tax_id: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /** Euros, as the spec shows it. */
  credit: z.number(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  settings: z.object({
    sender_name: z.string(),
    primary_channel: z.enum(CHANNELS),
  }),
  features: featuresSchema,
});

/** GET /api/auth/session: who is signed in, or null; answered 200 either way, so a signed-out
 * visit does not log a failed request in the browser's console. */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type User = z.infer<typeof userSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const verifyResponseSchema = z.object({
  user: userSchema,
  isNewUser: z.boolean(),
  accountDeactivated: z.boolean(),
  message: z.string(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

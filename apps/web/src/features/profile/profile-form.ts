// The profile form's values and their check with the shared core schema (spec §5): the same rules
// the server applies, so what passes here is what the server takes.
import { profileUpdateBodySchema, type Channel, type ProfileUpdateBody, type User } from '@kurir/core';

export const PROFILE_TEXT_FIELDS = ['first_name', 'last_name', 'email', 'company_name', 'address', 'city', 'zip_code', 'country', 'tax_id'] as const;
type TextField = (typeof PROFILE_TEXT_FIELDS)[number];

export type ProfileFormValues = Record<TextField, string> & { sender_name: string; primary_channel: Channel };
export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

export function formValuesOf(user: User): ProfileFormValues {
  const text = Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, user[field] ?? ''])) as Record<TextField, string>;
  return { ...text, sender_name: user.settings.sender_name, primary_channel: user.settings.primary_channel };
}

export type ProfileCheck = { ok: true; body: ProfileUpdateBody } | { ok: false; errors: ProfileFormErrors };

export function checkProfile(values: ProfileFormValues): ProfileCheck {
  const parsed = profileUpdateBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, body: values };
  const errors: ProfileFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ProfileFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** First name, last name and email are what the dashboard banner asks for (spec §2). */
export function isProfileIncomplete(user: Pick<User, 'first_name' | 'last_name' | 'email'>): boolean {
  return [user.first_name, user.last_name, user.email].some((v) => !v || v.trim() === '');
}

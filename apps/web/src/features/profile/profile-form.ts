// The profile form's values (spec §5), started from the user. They are checked with the core
// schema the server applies (use-profile-editor.ts, through lib/form), so what passes is what the
// server takes.
import type { Channel } from '@kurir/core/constants';
import type { User } from '@kurir/core/schemas/auth';

export const PROFILE_TEXT_FIELDS = ['first_name', 'last_name', 'email', 'company_name', 'address', 'city', 'zip_code', 'country', 'tax_id'] as const;
type TextField = (typeof PROFILE_TEXT_FIELDS)[number];

export type ProfileFormValues = Record<TextField, string> & { sender_name: string; primary_channel: Channel };

export function formValuesOf(user: User): ProfileFormValues {
  const text = Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, user[field] ?? ''])) as Record<TextField, string>;
  return { ...text, sender_name: user.settings.sender_name, primary_channel: user.settings.primary_channel };
}

/** First name, last name and email are what the dashboard banner asks for (spec §2). */
export function isProfileIncomplete(user: Pick<User, 'first_name' | 'last_name' | 'email'>): boolean {
  return [user.first_name, user.last_name, user.email].some((v) => !v || v.trim() === '');
}

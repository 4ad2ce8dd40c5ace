// How the Users page names a user (admin spec §2 "Users page"): the company name, else first and
// last name, else the phone; and the first 8 characters of the id beside it.
import type { AdminUser } from '@kurir/core';

type Nameable = Pick<AdminUser, 'company_name' | 'first_name' | 'last_name' | 'phone'>;

export function userDisplayName(user: Nameable): string {
  const company = user.company_name?.trim();
  if (company) return company;
  const person = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return person || user.phone;
}

export const shortId = (id: string) => id.slice(0, 8);

/** A field a user may leave empty, as the dialogs show it. */
export function orNotProvided(value: string | null | undefined): string {
  return value?.trim() ? value : 'Not provided';
}

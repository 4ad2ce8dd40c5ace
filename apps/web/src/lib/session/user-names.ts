// How the header names the signed-in user (spec §2, "Dashboard shell").
import type { User } from '@kurir/core/schemas/auth';

type Named = Pick<User, 'first_name' | 'last_name' | 'phone'>;

/** Full name, or the phone number when no name is on file. */
export function displayName(user: Named): string {
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.phone;
}

/** For narrow screens: the first name, or the last four digits of the phone. */
export function shortDisplayName(user: Named): string {
  const first = user.first_name?.trim();
  if (first) return first;
  return `…${user.phone.replace(/\D/g, '').slice(-4)}`;
}

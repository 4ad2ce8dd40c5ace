// A user as admins see them: the spec's snake_case, credit in euros, sender_name null when unset.
import { microsToEuros, type AdminUser } from '@kurir/core';
import type { UserRow } from '../../users/user-dto';

export function toAdminUserDto(row: UserRow): AdminUser {
  return {
    id: row.id,
    phone: row.phone,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company_name: row.companyName,
    tax_id: row.taxId,
    address: row.address,
    city: row.city,
    zip_code: row.zipCode,
    country: row.country,
    role: row.role,
    status: row.status,
    credit: microsToEuros(row.credit),
    created_at: row.createdAt.toISOString(),
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
    settings: { sender_name: row.senderName, primary_channel: row.primaryChannel },
  };
}

/** What the audit log and the lists call a user: company, else first and last name, else phone. */
export function userLabel(row: Pick<UserRow, 'phone' | 'companyName' | 'firstName' | 'lastName'>): string {
  const name = row.companyName ?? [row.firstName, row.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${row.phone})` : row.phone;
}

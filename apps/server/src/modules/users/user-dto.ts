// The user as the API returns it: the spec's snake_case fields, credit in euros, and the
// features the user's active products unlock.
import { DEFAULT_SENDER_NAME, microsToEuros, type Features, type User } from '@kurir/core';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow, features: Features): User {
  return {
    id: row.id,
    phone: row.phone,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company_name: row.companyName,
    address: row.address,
    city: row.city,
    zip_code: row.zipCode,
    country: row.country,
    tax_id: row.taxId,
    role: row.role,
    status: row.status,
    credit: microsToEuros(row.credit),
    created_at: row.createdAt.toISOString(),
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
    settings: {
      // The stored name only while a Custom sender name is in force (one can expire): what is sent.
      sender_name: features.customSender && row.senderName ? row.senderName : DEFAULT_SENDER_NAME,
      primary_channel: row.primaryChannel,
    },
    features,
  };
}

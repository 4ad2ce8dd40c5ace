// The contacts search box (spec §2): filters in the browser by name, phone or email. A number is
// found however it is typed ("040 111", "+38640111", "0038640111").
import { normalizePhone } from '@kurir/core/phone';
import { type PhonebookEntry } from '@kurir/core/schemas/phonebooks';

export function filterEntries(entries: readonly PhonebookEntry[], query: string): readonly PhonebookEntry[] {
  const text = query.trim().toLowerCase();
  if (text === '') return entries;
  const digits = text.replace(/\D/g, '');
  // "0038640…" and "+38640…" are one number; a local "040…" is searched as typed (without the 0).
  const phoneNeedle = /^(\+|00)/.test(text.replace(/\s/g, '')) ? normalizePhone(text).slice(1) : digits.replace(/^0/, '');
  return entries.filter(
    (e) =>
      e.name.toLowerCase().includes(text) ||
      (e.email ?? '').toLowerCase().includes(text) ||
      e.phone_number.toLowerCase().includes(text) ||
      (phoneNeedle.length >= 2 && e.phone_number.replace(/\D/g, '').includes(phoneNeedle)),
  );
}

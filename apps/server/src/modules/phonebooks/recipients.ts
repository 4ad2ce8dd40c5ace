// For sending to phonebooks (the messages module): the numbers of the user's chosen phonebooks.
// Whether the user may send to phonebooks at all (the Phonebook product) is the caller's rule.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { phonebookEntries, phonebooks } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { phonebookNotFound } from './phonebooks.service';

/**
 * Distinct normalised numbers (E.164, sorted) across the given phonebooks. Throws 404 'Phonebook
 * not found' if any id is not one of the user's phonebooks, so nothing is sent half-chosen.
 */
export async function findPhonebookRecipients(db: DbOrTx, userId: string, phonebookIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(phonebookIds)];
  if (ids.length === 0) return [];
  if (!ids.every(isUuid)) throw phonebookNotFound();
  const owned = await db
    .select({ id: phonebooks.id })
    .from(phonebooks)
    .where(and(eq(phonebooks.userId, userId), inArray(phonebooks.id, ids)));
  if (owned.length !== ids.length) throw phonebookNotFound();
  const rows = await db
    .selectDistinct({ phoneNumber: phonebookEntries.phoneNumber })
    .from(phonebookEntries)
    .innerJoin(phonebooks, eq(phonebooks.id, phonebookEntries.phonebookId))
    .where(and(eq(phonebooks.userId, userId), inArray(phonebookEntries.phonebookId, ids)))
    .orderBy(asc(phonebookEntries.phoneNumber));
  return rows.map((r) => r.phoneNumber);
}

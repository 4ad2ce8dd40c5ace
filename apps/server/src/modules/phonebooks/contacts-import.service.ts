// Bulk import into a phonebook: every row checked with the same core rules the browser used for
// its preview, then all valid rows written in ONE transaction (all or nothing), in statements of
// at most IMPORT_CHUNK_ROWS rows. Rows that fail, and numbers already present, are reported by line.
import {
  CONTACT_MESSAGES,
  PHONEBOOK_MESSAGES,
  checkContactImport,
  type BulkImportResponse,
  type ContactCheck,
  type ImportError,
} from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { insertEntries, lockPhonebook, type NewEntry } from './phonebooks.repo';
import { phonebookNotFound } from './phonebooks.service';

export const IMPORT_CHUNK_ROWS = 1000;

export interface ImportEntry {
  name?: string | null;
  phone_number?: string | null;
  email?: string | null;
  notes?: string | null;
  row?: number;
}

export async function importContacts(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  entries: readonly ImportEntry[],
): Promise<BulkImportResponse> {
  const checks = checkContactImport(
    entries.map((e, index) => ({
      row: e.row ?? index + 1,
      name: e.name ?? '',
      phone_number: e.phone_number ?? '',
      email: e.email ?? '',
      notes: e.notes ?? '',
    })),
  );
  if (checks.length === 0) throw badRequest(PHONEBOOK_MESSAGES.importEmpty, 'import_empty');

  const errors: ImportError[] = [];
  const report = (c: ContactCheck, message: string) => errors.push({ row: c.row, phone_number: c.phone_number, message });
  const valid: ContactCheck[] = [];
  let duplicates = 0;
  for (const c of checks) {
    if (!c.error) valid.push(c);
    else {
      report(c, c.error);
      if (c.duplicate) duplicates++;
    }
  }
  // A file whose every row is a repeat of a valid one still had valid data; only "nothing
  // readable at all" is the spec's error.
  if (valid.length === 0) {
    throw new AppError(400, 'no_valid_contacts', PHONEBOOK_MESSAGES.importNoValid, { errors });
  }

  const inserted = await insertContactsAtomically(
    db,
    userId,
    phonebookId,
    valid.map((c) => ({ name: c.name, phoneNumber: c.phone_number, email: c.email || null, notes: c.notes || null })),
  );
  for (const c of valid) {
    if (!inserted.has(c.phone_number)) {
      report(c, CONTACT_MESSAGES.duplicateExisting);
      duplicates++;
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { imported: inserted.size, errors, skipped_duplicates: duplicates };
}

/**
 * Writes already-checked contacts (distinct numbers) in one transaction: if any statement fails,
 * none of the rows stay. Numbers already in the phonebook — including ones a concurrent import
 * just committed — are skipped by the unique index. Returns the numbers inserted.
 */
export async function insertContactsAtomically(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  contacts: readonly NewEntry[],
): Promise<Set<string>> {
  return db.transaction(async (tx) => {
    if (!(await lockPhonebook(tx, userId, phonebookId))) throw phonebookNotFound();
    const inserted = new Set<string>();
    for (let start = 0; start < contacts.length; start += IMPORT_CHUNK_ROWS) {
      const chunk = contacts.slice(start, start + IMPORT_CHUNK_ROWS);
      for (const phone of await insertEntries(tx, userId, phonebookId, chunk)) inserted.add(phone);
    }
    return inserted;
  });
}

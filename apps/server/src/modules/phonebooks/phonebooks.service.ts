// Rules of phonebooks and single contacts: ownership (another user's id is "not found"), one
// number once per phonebook, and the shapes the API returns.
import { PHONEBOOK_MESSAGES, CONTACT_MESSAGES, type Phonebook, type PhonebookEntry } from '@kurir/core';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import * as repo from './phonebooks.repo';

export const phonebookNotFound = () => notFound(PHONEBOOK_MESSAGES.notFound);
const contactNotFound = () => notFound(PHONEBOOK_MESSAGES.contactNotFound);
const duplicateContact = () => conflict(CONTACT_MESSAGES.duplicateExisting, 'duplicate_contact');

export function toPhonebookDto(row: repo.PhonebookRow): Phonebook {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    contact_count: row.contactCount,
  };
}

export function toEntryDto(row: repo.EntryRow): PhonebookEntry {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phoneNumber,
    email: row.email,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

export interface PhonebookFields {
  name: string;
  description: string | null;
}

export interface ContactFields {
  name: string;
  phone_number: string;
  email: string | null;
  notes: string | null;
}

const toNewEntry = (c: ContactFields): repo.NewEntry => ({ name: c.name, phoneNumber: c.phone_number, email: c.email, notes: c.notes });

export async function getPhonebook(db: DbOrTx, userId: string, phonebookId: string): Promise<Phonebook> {
  const row = await repo.findPhonebook(db, userId, phonebookId);
  if (!row) throw phonebookNotFound();
  return toPhonebookDto(row);
}

export async function listPhonebooks(db: DbOrTx, userId: string): Promise<Phonebook[]> {
  return (await repo.listPhonebooks(db, userId)).map(toPhonebookDto);
}

export async function createPhonebook(db: DbOrTx, userId: string, fields: PhonebookFields): Promise<Phonebook> {
  return toPhonebookDto(await repo.insertPhonebook(db, userId, fields));
}

export async function updatePhonebook(db: DbOrTx, userId: string, phonebookId: string, fields: PhonebookFields): Promise<Phonebook> {
  if (!(await repo.updatePhonebook(db, userId, phonebookId, fields))) throw phonebookNotFound();
  return getPhonebook(db, userId, phonebookId);
}

export async function deletePhonebook(db: DbOrTx, userId: string, phonebookId: string): Promise<void> {
  if (!(await repo.deletePhonebook(db, userId, phonebookId))) throw phonebookNotFound();
}

/** The phonebook's entries; 404 when the phonebook is not the user's (an empty list is a real answer). */
export async function listEntries(db: DbOrTx, userId: string, phonebookId: string): Promise<PhonebookEntry[]> {
  await getPhonebook(db, userId, phonebookId);
  return (await repo.listEntries(db, userId, phonebookId)).map(toEntryDto);
}

/**
 * Runs a write of one contact with the phonebook locked (FOR KEY SHARE) from the start: an import
 * in progress holds it FOR UPDATE, so the write waits for the import's end and then meets its
 * numbers, instead of inserting beside it (the import inserts without ON CONFLICT).
 */
function withPhonebookLocked<T>(db: DbOrTx, userId: string, phonebookId: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockPhonebook(tx, userId, phonebookId))) throw phonebookNotFound();
    return write(tx);
  });
}

export async function addEntry(db: DbOrTx, userId: string, phonebookId: string, contact: ContactFields): Promise<PhonebookEntry> {
  const row = await withPhonebookLocked(db, userId, phonebookId, (tx) => repo.insertEntry(tx, userId, phonebookId, toNewEntry(contact)));
  if (!row) throw duplicateContact();
  return toEntryDto(row);
}

export async function updateEntry(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  entryId: string,
  contact: ContactFields,
): Promise<PhonebookEntry> {
  let row: repo.EntryRow | null;
  try {
    row = await withPhonebookLocked(db, userId, phonebookId, (tx) => repo.updateEntry(tx, userId, phonebookId, entryId, toNewEntry(contact)));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateContact();
    throw error;
  }
  if (!row) throw contactNotFound();
  return toEntryDto(row);
}

export async function deleteEntry(db: DbOrTx, userId: string, phonebookId: string, entryId: string): Promise<void> {
  await getPhonebook(db, userId, phonebookId);
  if (!(await repo.deleteEntry(db, userId, phonebookId, entryId))) throw contactNotFound();
}

/** PostgreSQL's unique_violation, wherever the driver (pg, PGlite) or Drizzle put it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// Queries of phonebooks and their entries. Every one takes the user id: a phonebook of another
// user is, to these functions, a phonebook that does not exist.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { phonebookEntries, phonebooks } from '../../db/schema';

export type PhonebookRow = {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  contactCount: number;
};
const entryColumns = {
  id: phonebookEntries.id,
  name: phonebookEntries.name,
  phoneNumber: phonebookEntries.phoneNumber,
  email: phonebookEntries.email,
  notes: phonebookEntries.notes,
  createdAt: phonebookEntries.createdAt,
};
export type EntryRow = Pick<typeof phonebookEntries.$inferSelect, keyof typeof entryColumns>;
export type NewEntry = Pick<typeof phonebookEntries.$inferInsert, 'name' | 'phoneNumber' | 'email' | 'notes'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not a UUID names nothing; saying so early keeps a bad id from becoming a 500. */
export const isUuid = (id: string) => UUID.test(id);

const phonebookColumns = {
  id: phonebooks.id,
  name: phonebooks.name,
  description: phonebooks.description,
  createdAt: phonebooks.createdAt,
  // Spelled out: in a one-table select Drizzle leaves column names unqualified, which inside
  // this correlated subquery would bind to the entries' own id.
  contactCount: sql<number>`(select count(*) from phonebook_entries e where e.phonebook_id = "phonebooks"."id")`.mapWith(Number),
};

const owned = (userId: string, phonebookId: string) => and(eq(phonebooks.id, phonebookId), eq(phonebooks.userId, userId));

/** The phonebook's id if it is the user's (empty otherwise), as a subquery. */
const ownedIds = (userId: string, phonebookId: string) =>
  sql`(select ${phonebooks.id} from ${phonebooks} where ${owned(userId, phonebookId)})`;

export async function listPhonebooks(db: DbOrTx, userId: string): Promise<PhonebookRow[]> {
  return db.select(phonebookColumns).from(phonebooks).where(eq(phonebooks.userId, userId)).orderBy(desc(phonebooks.createdAt), asc(phonebooks.id));
}

export async function findPhonebook(db: DbOrTx, userId: string, phonebookId: string): Promise<PhonebookRow | null> {
  if (!isUuid(phonebookId)) return null;
  const [row] = await db.select(phonebookColumns).from(phonebooks).where(owned(userId, phonebookId));
  return row ?? null;
}

export async function phonebookExists(db: DbOrTx, userId: string, phonebookId: string): Promise<boolean> {
  if (!isUuid(phonebookId)) return false;
  const rows = await db.select({ id: phonebooks.id }).from(phonebooks).where(owned(userId, phonebookId));
  return rows.length === 1;
}

/**
 * Checks ownership inside a transaction and holds the phonebook (FOR KEY SHARE) until it ends,
 * so a delete that comes in meanwhile waits instead of breaking the inserts half-way.
 */
export async function lockPhonebook(db: DbOrTx, userId: string, phonebookId: string): Promise<boolean> {
  if (!isUuid(phonebookId)) return false;
  const rows = await db.select({ id: phonebooks.id }).from(phonebooks).where(owned(userId, phonebookId)).for('key share');
  return rows.length === 1;
}

export async function insertPhonebook(db: DbOrTx, userId: string, values: { name: string; description: string | null }): Promise<PhonebookRow> {
  const [row] = await db.insert(phonebooks).values({ userId, ...values }).returning();
  return { id: row!.id, name: row!.name, description: row!.description, createdAt: row!.createdAt, contactCount: 0 };
}

export async function updatePhonebook(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  values: { name: string; description: string | null },
): Promise<boolean> {
  if (!isUuid(phonebookId)) return false;
  const rows = await db
    .update(phonebooks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(owned(userId, phonebookId))
    .returning({ id: phonebooks.id });
  return rows.length === 1;
}

/** Deletes the phonebook and (by the foreign key's cascade) its entries. */
export async function deletePhonebook(db: DbOrTx, userId: string, phonebookId: string): Promise<boolean> {
  if (!isUuid(phonebookId)) return false;
  const rows = await db.delete(phonebooks).where(owned(userId, phonebookId)).returning({ id: phonebooks.id });
  return rows.length === 1;
}

const inOwnedPhonebook = (userId: string, phonebookId: string) =>
  and(eq(phonebookEntries.phonebookId, phonebookId), sql`${phonebookEntries.phonebookId} in ${ownedIds(userId, phonebookId)}`);

export async function listEntries(db: DbOrTx, userId: string, phonebookId: string): Promise<EntryRow[]> {
  if (!isUuid(phonebookId)) return [];
  return db
    .select(entryColumns)
    .from(phonebookEntries)
    .where(inOwnedPhonebook(userId, phonebookId))
    .orderBy(sql`lower(${phonebookEntries.name})`, asc(phonebookEntries.phoneNumber));
}

/**
 * Inserts entries in ONE statement, into the phonebook only if it is the user's: the rows are
 * one JSON parameter read back with jsonb_to_recordset (a single bind value instead of five per
 * row keeps a 1000-row statement cheap to send and plan). A number already in the phonebook is
 * skipped (ON CONFLICT DO NOTHING), so the caller learns which rows went in from RETURNING.
 */
function insertOwnedEntries(db: DbOrTx, userId: string, phonebookId: string, entries: readonly NewEntry[]) {
  const rows = JSON.stringify(
    entries.map((e) => ({ name: e.name, phone_number: e.phoneNumber, email: e.email ?? null, notes: e.notes ?? null })),
  );
  // insert … select names every column of the table, in the table's order.
  return db
    .insert(phonebookEntries)
    .select(
      sql`select gen_random_uuid(), ${phonebooks.id}, r.name, r.phone_number, r.email, r.notes, now(), now()
          from ${phonebooks},
               jsonb_to_recordset(${rows}::jsonb) as r(name text, phone_number text, email text, notes text)
          where ${owned(userId, phonebookId)}`,
    )
    .onConflictDoNothing({ target: [phonebookEntries.phonebookId, phonebookEntries.phoneNumber] });
}

/** Inserts one entry; null when the phonebook already has that number (or is not the user's). */
export async function insertEntry(db: DbOrTx, userId: string, phonebookId: string, entry: NewEntry): Promise<EntryRow | null> {
  if (!isUuid(phonebookId)) return null;
  const [row] = await insertOwnedEntries(db, userId, phonebookId, [entry]).returning(entryColumns);
  return row ?? null;
}

/** Inserts many entries in one statement; returns the numbers actually inserted. */
export async function insertEntries(db: DbOrTx, userId: string, phonebookId: string, entries: readonly NewEntry[]): Promise<string[]> {
  if (entries.length === 0 || !isUuid(phonebookId)) return [];
  const rows = await insertOwnedEntries(db, userId, phonebookId, entries).returning({ phoneNumber: phonebookEntries.phoneNumber });
  return rows.map((r) => r.phoneNumber);
}

/** Updates one entry of the user's phonebook; null when there is no such entry. Throws on a duplicate number. */
export async function updateEntry(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  entryId: string,
  entry: NewEntry,
): Promise<EntryRow | null> {
  if (!isUuid(phonebookId) || !isUuid(entryId)) return null;
  const [row] = await db
    .update(phonebookEntries)
    .set({ ...entry, updatedAt: sql`now()` })
    .where(and(eq(phonebookEntries.id, entryId), inOwnedPhonebook(userId, phonebookId)))
    .returning(entryColumns);
  return row ?? null;
}

export async function deleteEntry(db: DbOrTx, userId: string, phonebookId: string, entryId: string): Promise<boolean> {
  if (!isUuid(phonebookId) || !isUuid(entryId)) return false;
  const rows = await db
    .delete(phonebookEntries)
    .where(and(eq(phonebookEntries.id, entryId), inOwnedPhonebook(userId, phonebookId)))
    .returning({ id: phonebookEntries.id });
  return rows.length === 1;
}

// Queries of phonebooks and their entries. Every one takes the user id: a phonebook of another
// user is, to these functions, a phonebook that does not exist.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { phonebookEntries, phonebooks } from '../../db/schema';
import { isUuid, timeOrderedUuid } from '../../lib/ids';

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
 * Checks ownership inside a transaction and locks the phonebook until it ends, so a delete that
 * comes in meanwhile waits instead of breaking the writes half-way. A single contact's write
 * takes it FOR KEY SHARE; an import takes it FOR UPDATE, which makes every other write of the
 * phonebook's contacts (they all lock it first) wait for the import's end: the import then knows
 * every number the phonebook holds, and inserts without ON CONFLICT (importEntries).
 */
export async function lockPhonebook(
  db: DbOrTx,
  userId: string,
  phonebookId: string,
  strength: 'key share' | 'update' = 'key share',
): Promise<boolean> {
  if (!isUuid(phonebookId)) return false;
  const rows = await db.select({ id: phonebooks.id }).from(phonebooks).where(owned(userId, phonebookId)).for(strength);
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
 * Inserts one entry, into the phonebook only if it is the user's; null when the phonebook already
 * has that number (ON CONFLICT DO NOTHING returns no row) or is not the user's. FOR KEY SHARE holds
 * the phonebook until the commit, as the foreign key's check did (migration 0023): a delete of it
 * waits, and then deletes this contact too.
 */
export async function insertEntry(db: DbOrTx, userId: string, phonebookId: string, entry: NewEntry): Promise<EntryRow | null> {
  if (!isUuid(phonebookId)) return null;
  // insert … select names every column of the table, in the table's order.
  const [row] = await db
    .insert(phonebookEntries)
    .select(
      sql`select gen_random_uuid(), ${phonebooks.id}, ${entry.name}, ${entry.phoneNumber}, ${entry.email ?? null}, ${entry.notes ?? null}, now(), now()
          from ${phonebooks}
          where ${owned(userId, phonebookId)}
          for key share`,
    )
    .onConflictDoNothing({ target: [phonebookEntries.phonebookId, phonebookEntries.phoneNumber] })
    .returning(entryColumns);
  return row ?? null;
}

/** Whether the phonebook has any contact. */
export async function hasEntries(db: DbOrTx, phonebookId: string): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(phonebookEntries).where(eq(phonebookEntries.phonebookId, phonebookId)).limit(1);
  return rows.length > 0;
}

/** Which of these numbers the phonebook already holds. */
export async function existingNumbers(db: DbOrTx, phonebookId: string, numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ phoneNumber: phonebookEntries.phoneNumber })
    .from(phonebookEntries)
    .where(and(eq(phonebookEntries.phonebookId, phonebookId), sql`${phonebookEntries.phoneNumber} = any(${sql.param(numbers)}::text[])`));
  return new Set(rows.map((r) => r.phoneNumber));
}

/**
 * An import's batch, in ONE statement, for a caller that holds the phonebook FOR UPDATE
 * (lockPhonebook) and has left out the numbers it holds: a plain insert, since ON CONFLICT's
 * check-then-insert of every row was a fifth of the statement's cost. A number that is there after
 * all (a writer that did not lock the phonebook) breaks the unique index and fails the import
 * whole, not a row. The columns go as one array parameter each (unnest), cheaper to read than a
 * JSON document, and the ids are made here in time order (timeOrderedUuid).
 */
export async function importEntries(db: DbOrTx, userId: string, phonebookId: string, entries: readonly NewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (e: NewEntry) => T) => sql.param(entries.map(pick));
  await db.insert(phonebookEntries).select(
    sql`select r.id, ${phonebooks.id}, r.name, r.phone_number, r.email, r.notes, now(), now()
        from ${phonebooks},
             unnest(${column(() => timeOrderedUuid())}::uuid[], ${column((e) => e.name)}::text[], ${column((e) => e.phoneNumber)}::text[],
                    ${column((e) => e.email ?? null)}::text[], ${column((e) => e.notes ?? null)}::text[]) as r(id, name, phone_number, email, notes)
        where ${owned(userId, phonebookId)}`,
  );
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

// Phonebooks and their contacts. A phonebook belongs to one user; its entries go with it.
// contact_count is not stored: it is counted from the entries when read, so it can never drift
// (the unique index below makes that count an index-only scan).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const phonebooks = pgTable(
  'phonebooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phonebooks_user_idx').on(t.userId, t.createdAt),
    check('phonebooks_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('phonebooks_description_length', sql`char_length(${t.description}) <= 500`),
  ],
);

export const phonebookEntries = pgTable(
  'phonebook_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key to phonebooks (migration 0023): its check looked up and share-locked the
    // phonebook's row for every inserted contact, 40 % of a 500 000-row import's insert. Every insert
    // names the phonebook in the same statement (insert … select from phonebooks) and locks its row;
    // deleting a phonebook deletes its contacts by trigger (phonebooks_delete_entries).
    phonebookId: uuid('phonebook_id').notNull(),
    name: text('name').notNull(),
    /** Normalised E.164 (+ and digits); one number once per phonebook. */
    phoneNumber: text('phone_number').notNull(),
    email: text('email'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('phonebook_entries_phonebook_phone_idx').on(t.phonebookId, t.phoneNumber),
    check('phonebook_entries_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('phonebook_entries_phone_e164', sql`${t.phoneNumber} ~ '^\\+[1-9][0-9]{1,14}$'`),
    check('phonebook_entries_email_length', sql`char_length(${t.email}) <= 254`),
    check('phonebook_entries_notes_length', sql`char_length(${t.notes}) <= 500`),
  ],
);

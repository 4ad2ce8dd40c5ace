-- A contact no longer checks its phonebook by foreign key, as messages (0018) and ledger rows (0021)
-- no longer check their user. The check looked up and share-locked the phonebook's row for every
-- inserted contact: 3.5–4 s of a 500 000-row import's 8.7 s insert in psql (issue 12). Every insert
-- of contacts names its phonebook in the same statement (insert … select … from phonebooks where it
-- is the user's) and holds the phonebook's row: a one-at-a-time add locks it FOR KEY SHARE, an
-- import FOR UPDATE for its whole transaction. What the key's ON DELETE CASCADE did, the trigger
-- below does: deleting phonebooks deletes their contacts, in the same statement's transaction.
ALTER TABLE "phonebook_entries" DROP CONSTRAINT "phonebook_entries_phonebook_id_phonebooks_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kurir_phonebooks_delete_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM phonebook_entries e USING deleted_phonebooks d WHERE e.phonebook_id = d.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER phonebooks_delete_entries AFTER DELETE ON phonebooks
  REFERENCING OLD TABLE AS deleted_phonebooks
  FOR EACH STATEMENT EXECUTE FUNCTION kurir_phonebooks_delete_entries();

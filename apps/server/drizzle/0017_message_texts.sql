-- The searchable text of each message (sender name, recipient, text) in an insert-only side table
-- with the two text indexes, written once per message. On messages these GIN indexes were updated
-- again by every status change (sent, settled: none of them HOT), though the text never changes.
CREATE TABLE "message_texts" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"sender_name" text NOT NULL,
	"recipient" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
-- One statement's new messages copied in one INSERT … SELECT from its transition table, so every
-- insert path (a send, a group commit, a 10 000-recipient send, an admin or API send, a schedule)
-- is covered by this one trigger and a statement of many rows costs one insert, not one per row.
CREATE OR REPLACE FUNCTION kurir_message_texts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_texts (message_id, sender_name, recipient, message)
    SELECT id, sender_name, recipient, message FROM new_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- CREATE TRIGGER locks messages against inserts until this migration commits, so the copy below
-- and the trigger together see every message exactly once.
CREATE TRIGGER messages_texts_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kurir_message_texts();
--> statement-breakpoint
-- The messages already there (before the indexes: building them after the rows is faster).
INSERT INTO message_texts (message_id, sender_name, recipient, message)
  SELECT id, sender_name, recipient, message FROM messages;
--> statement-breakpoint
CREATE INDEX "message_texts_text_search_idx" ON "message_texts" USING gin (to_tsvector('simple', "message"));--> statement-breakpoint
CREATE INDEX "message_texts_admin_search_trgm_idx" ON "message_texts" USING gin (("sender_name" || ' ' || "recipient" || ' ' || "message") gin_trgm_ops);--> statement-breakpoint
DROP INDEX "messages_admin_search_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_text_search_idx";

-- The searchable text once per send instead of once per message (issue 12). A campaign's 1 000
-- messages share their sender name and text, and message_texts wrote that text 1 000 times into
-- its two GIN indexes: about half of the database's work for the send. send_texts holds one row
-- per send (batch), with the send's recipients joined by spaces so the admin searches still find a
-- number, and messages_batch_idx finds a send's messages again. The searches join on that one
-- column: joined on several (user, time, batch), PostgreSQL multiplies their selectivities, takes
-- a common word for a rare one, and read 100 000 texts for a page of ten.
CREATE TABLE "send_texts" (
	"batch_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"message" text NOT NULL,
	"recipients" text NOT NULL
);
--> statement-breakpoint
-- Every message of a send has its sender name and text (one insert path per send). A send of over
-- 5 000 recipients is inserted in several statements: the later ones add their recipients.
CREATE OR REPLACE FUNCTION kurir_message_texts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO send_texts (batch_id, user_id, sender_name, message, recipients)
    SELECT batch_id, user_id, sender_name, message, string_agg(recipient, ' ')
      FROM new_rows
     GROUP BY batch_id, user_id, sender_name, message
  ON CONFLICT (batch_id) DO UPDATE SET recipients = send_texts.recipients || ' ' || excluded.recipients;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Replacing the function under the existing trigger (messages_insert_1_texts) keeps the trigger
-- order of 0019. The lock holds inserts off until this migration commits (after waiting for those
-- under way), so the copy below and the trigger see every message exactly once.
LOCK TABLE "messages" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- min() only picks the one value every message of a batch has.
INSERT INTO send_texts (batch_id, user_id, sender_name, message, recipients)
  SELECT batch_id, min(user_id::text)::uuid, min(sender_name), min(message), string_agg(recipient, ' ')
    FROM messages
   GROUP BY batch_id;
--> statement-breakpoint
DROP TABLE "message_texts";
--> statement-breakpoint
CREATE INDEX "messages_batch_idx" ON "messages" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "send_texts_text_search_idx" ON "send_texts" USING gin (to_tsvector('simple', "message"));--> statement-breakpoint
CREATE INDEX "send_texts_admin_search_trgm_idx" ON "send_texts" USING gin (("sender_name" || ' ' || "message" || ' ' || "recipients") gin_trgm_ops);

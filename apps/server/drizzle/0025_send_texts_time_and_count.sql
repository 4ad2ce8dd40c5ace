-- A send's time and its number of messages on its row of send_texts (issue 12). A text search
-- whose matches are not among the newest messages finds them through send_texts' word index; it
-- joined every candidate send to its messages to sort them by time (8 889 sends for a text in one
-- message of a hundred, ~25 ms) and again to count them. With the time here the candidates are
-- sorted first and only the page's sends are joined; with the count here the total is added up
-- from the sends without reading their messages. Every message of a send has the same created_at
-- (one transaction's now()), and messages are never deleted.
ALTER TABLE "send_texts" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_texts" ADD COLUMN "message_count" integer;--> statement-breakpoint
-- A send of over 5 000 recipients is inserted in several statements: the later ones add their
-- recipients and their count.
CREATE OR REPLACE FUNCTION kurir_message_texts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO send_texts (batch_id, user_id, sender_name, message, recipients, created_at, message_count)
    SELECT batch_id, user_id, sender_name, message, string_agg(recipient, ' '), max(created_at), count(*)
      FROM new_rows
     GROUP BY batch_id, user_id, sender_name, message
  ON CONFLICT (batch_id) DO UPDATE SET recipients = send_texts.recipients || ' ' || excluded.recipients,
                                       message_count = send_texts.message_count + excluded.message_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- As in 0020: the lock holds inserts off until this migration commits, so the rows filled below
-- and those the trigger writes from now on are every send exactly once. Sends wait meanwhile: the
-- update below writes every row again with its index entries (1.2 million sends took about 50 s
-- on a 2-core machine), so on a large database this migration wants a quiet moment.
LOCK TABLE "messages" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE send_texts t SET created_at = m.created_at, message_count = m.n
  FROM (SELECT batch_id, max(created_at) AS created_at, count(*)::integer AS n FROM messages GROUP BY batch_id) m
 WHERE m.batch_id = t.batch_id;
--> statement-breakpoint
ALTER TABLE "send_texts" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "send_texts" ALTER COLUMN "message_count" SET NOT NULL;

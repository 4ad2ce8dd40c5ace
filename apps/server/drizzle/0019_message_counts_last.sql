-- The statement triggers on inserted messages fire in name order, and the message counter's upsert
-- locks the customer's counter row until the commit. Named `messages_count_insert`, it fired before
-- `messages_texts_insert`, so a send held its customer's counter through the text rows' insert (two
-- GIN indexes: ~60 ms for 1 000 recipients), the debit and the commit, and a customer's concurrent
-- campaign sends waited for each other there (issue 12: 487 of a request's ~600 ms in the database
-- was that wait). Renamed so the texts are written first and the counter is taken last: what a send
-- does while holding it is then its debit and its commit, as for the balance.
ALTER TRIGGER "messages_texts_insert" ON "messages" RENAME TO "messages_insert_1_texts";
--> statement-breakpoint
ALTER TRIGGER "messages_count_insert" ON "messages" RENAME TO "messages_insert_2_count";

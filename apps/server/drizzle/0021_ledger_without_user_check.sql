-- A ledger row no longer checks its user by foreign key, as messages no longer do (0018). The
-- check looked up and share-locked the user's row once per ledger row: 0.21–0.24 ms of a group
-- send's 1.5–1.8 ms for 20 sends (auto_explain, issue 12), while the group held its customer's
-- balance row. Every writer of the ledger updates that same user row (the debit or credit) in the
-- same transaction, so the user exists, and users are never deleted (trigger users_never_deleted).
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_user_id_users_id_fk";

CREATE TABLE "message_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"status" text NOT NULL,
	"role" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "user_counts_status_role_pk" PRIMARY KEY("status","role")
);
--> statement-breakpoint
ALTER TABLE "message_counts" ADD CONSTRAINT "message_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One statement's new messages, counted per user in one upsert (a 10 000-recipient send or a
-- group commit of many users costs one aggregate, not a trigger call per row). Users in id order,
-- so two statements that count the same users lock their counters in the same order.
CREATE OR REPLACE FUNCTION kurir_count_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO message_counts (user_id, total)
      SELECT user_id, count(*) FROM new_rows GROUP BY user_id ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET total = message_counts.total + excluded.total;
  ELSE
    UPDATE message_counts c SET total = c.total - d.n
      FROM (SELECT user_id, count(*) AS n FROM old_rows GROUP BY user_id ORDER BY user_id) d
      WHERE c.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_count_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kurir_count_messages();
--> statement-breakpoint
CREATE TRIGGER messages_count_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kurir_count_messages();
--> statement-breakpoint
-- Users change status or role one at a time (an admin's edit); a row trigger that fires only when
-- one of them changes, so the balance updates of every send never reach it.
CREATE OR REPLACE FUNCTION kurir_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_counts SET total = total - 1 WHERE status = OLD.status AND role = OLD.role;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO user_counts (status, role, total) VALUES (NEW.status, NEW.role, 1)
      ON CONFLICT (status, role) DO UPDATE SET total = user_counts.total + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION kurir_count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE OF status, role ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION kurir_count_users();
--> statement-breakpoint
INSERT INTO message_counts (user_id, total) SELECT user_id, count(*) FROM messages GROUP BY user_id;
--> statement-breakpoint
INSERT INTO user_counts (status, role, total) SELECT status, role, count(*) FROM users GROUP BY status, role;

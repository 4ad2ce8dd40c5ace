-- Read caches (sessions, a user's products, message prices) live in every instance's memory.
-- Whatever changes what they hold — a logout, a deactivation, a product bought or removed, a
-- price edited — is announced on the channel 'kurir_cache' when its transaction commits, by
-- these triggers, whichever code (or psql) made the change; every instance LISTENs and drops its
-- caches. A balance change alone (users.credit) is not announced: no cache holds a balance.
CREATE OR REPLACE FUNCTION kurir_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' AND TG_OP = 'UPDATE'
     AND (to_jsonb(OLD) - 'credit' - 'updated_at') = (to_jsonb(NEW) - 'credit' - 'updated_at') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('kurir_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION kurir_cache_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify AFTER DELETE OR UPDATE OF expires_at, user_id ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION kurir_cache_notify();
--> statement-breakpoint
CREATE TRIGGER user_products_cache_notify AFTER INSERT OR UPDATE OR DELETE ON user_products
  FOR EACH STATEMENT EXECUTE FUNCTION kurir_cache_notify();
--> statement-breakpoint
CREATE TRIGGER products_cache_notify AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION kurir_cache_notify();

-- A balance change is not announced to the read caches (0013), but the row trigger that decided so
-- still ran for every debit: one PL/pgSQL call turning both versions of the user's row into JSON
-- to compare them, inside every group send's statement, while the customer's balance row stays
-- locked. It now fires only for an UPDATE that sets one of the columns a cache may hold, which is
-- every column but the balance (credit) and updated_at; the debits set credit alone, so they no
-- longer queue it at all. db/change-feed.test.ts fails when a column is added to users
-- and not to this list.
DROP TRIGGER users_cache_notify ON users;
--> statement-breakpoint
CREATE TRIGGER users_cache_notify
  AFTER DELETE OR UPDATE OF id, phone, first_name, last_name, email, company_name, address, city, zip_code, country,
    tax_id, role, status, sender_name, primary_channel, created_at, last_login
  ON users
  FOR EACH ROW EXECUTE FUNCTION kurir_cache_notify();

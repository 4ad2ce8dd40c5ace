-- Idempotency-Key for the web app's paid routes too: a row's owner is an API key (/api/v1) or a
-- signed-in user (send, schedule, purchase, top-up), exactly one of them, each with its own unique
-- index instead of the (key_id, idempotency_key) primary key. Existing rows keep their key_id
-- (http/idempotency.ts).
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_key_id_idempotency_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "user_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_api_key_idx" ON "idempotency_keys" USING btree ("key_id","idempotency_key") WHERE "idempotency_keys"."key_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_idx" ON "idempotency_keys" USING btree ("user_id","idempotency_key") WHERE "idempotency_keys"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_one_owner" CHECK (num_nonnulls("idempotency_keys"."key_id", "idempotency_keys"."user_id") = 1);

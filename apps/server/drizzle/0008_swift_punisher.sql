CREATE TABLE "admin_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"admin_sender_name" text NOT NULL,
	"default_channel" text DEFAULT 'sms' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "admin_settings_single_row" CHECK ("admin_settings"."id" = 1),
	CONSTRAINT "admin_settings_channel_known" CHECK ("admin_settings"."default_channel" in ('sms', 'viber'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"is_admin_template" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_owned_are_user_type" CHECK ("sms_templates"."owner_user_id" is null or not "sms_templates"."is_admin_template"),
	CONSTRAINT "sms_templates_category_known" CHECK ("sms_templates"."category" in ('welcome', 'general', 'marketing', 'notification', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_by_admin_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD CONSTRAINT "admin_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "sms_templates_owner_idx" ON "sms_templates" USING btree ("owner_user_id","created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_admin_id_users_id_fk" FOREIGN KEY ("sent_by_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_credit_idx" ON "users" USING btree ("credit","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_display_name_idx" ON "users" USING btree (lower(coalesce("company_name", nullif(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "phone")),"id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("phone" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("company_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_type_created_idx" ON "transactions" USING btree ("type","created_at","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_credit_addition_once_idx" ON "transactions" USING btree ("reference") WHERE "transactions"."type" = 'credit_addition' and "transactions"."reference" is not null;--> statement-breakpoint
CREATE INDEX "user_products_product_idx" ON "user_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_admin_search_trgm_idx" ON "messages" USING gin (("sender_name" || ' ' || "recipient" || ' ' || "message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_status_created_idx" ON "messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "messages_scheduled_for_idx" ON "messages" USING btree ("scheduled_for") WHERE "messages"."scheduled_for" is not null;--> statement-breakpoint
CREATE INDEX "messages_user_processed_price_idx" ON "messages" USING btree ("user_id","processed_at","channel","price") WHERE "messages"."processed_at" is not null and "messages"."sent_by_admin_id" is null;
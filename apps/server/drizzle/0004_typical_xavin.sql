CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"message" text NOT NULL,
	"sender_name" text NOT NULL,
	"message_type" text,
	"requested_channel" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"parts" integer NOT NULL,
	"reserved_price" bigint NOT NULL,
	"sms_price" bigint NOT NULL,
	"price" bigint NOT NULL,
	"scheduled_for" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"lease_token" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"error_message" text,
	"fallback_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_status_known" CHECK ("messages"."status" in ('pending', 'sent', 'delivered', 'failed', 'scheduled', 'deleted')),
	CONSTRAINT "messages_channels_known" CHECK ("messages"."channel" in ('sms', 'viber') and "messages"."requested_channel" in ('sms', 'viber')),
	CONSTRAINT "messages_price_within_reservation" CHECK ("messages"."price" >= 0 and "messages"."price" <= "messages"."reserved_price" and "messages"."sms_price" <= "messages"."reserved_price"),
	CONSTRAINT "messages_parts_positive" CHECK ("messages"."parts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "unmatched_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"error_code" text,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_created_idx" ON "messages" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_text_search_idx" ON "messages" USING gin (to_tsvector('simple', "message"));--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" in ('pending', 'scheduled');--> statement-breakpoint
CREATE INDEX "messages_provider_message_idx" ON "messages" USING btree ("provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_viber_fallback_idx" ON "messages" USING btree ("fallback_at") WHERE "messages"."status" = 'sent' and "messages"."channel" = 'viber';--> statement-breakpoint
CREATE INDEX "messages_user_processed_idx" ON "messages" USING btree ("user_id","processed_at","status") WHERE "messages"."processed_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_user_scheduled_idx" ON "messages" USING btree ("user_id","scheduled_for") WHERE "messages"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "unmatched_receipts_received_idx" ON "unmatched_receipts" USING btree ("received_at");
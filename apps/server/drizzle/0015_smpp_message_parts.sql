CREATE TABLE "smpp_message_parts" (
	"part_id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"part_index" integer NOT NULL,
	"parts" integer NOT NULL,
	"status" text,
	"reason" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "smpp_message_parts_message_idx" ON "smpp_message_parts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "smpp_message_parts_created_idx" ON "smpp_message_parts" USING btree ("created_at");
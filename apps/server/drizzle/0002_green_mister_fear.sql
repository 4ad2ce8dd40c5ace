CREATE TABLE "phonebook_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phonebook_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phonebook_entries_name_length" CHECK (char_length("phonebook_entries"."name") between 1 and 100),
	CONSTRAINT "phonebook_entries_phone_e164" CHECK ("phonebook_entries"."phone_number" ~ '^\+[1-9][0-9]{1,14}$'),
	CONSTRAINT "phonebook_entries_email_length" CHECK (char_length("phonebook_entries"."email") <= 254),
	CONSTRAINT "phonebook_entries_notes_length" CHECK (char_length("phonebook_entries"."notes") <= 500)
);
--> statement-breakpoint
CREATE TABLE "phonebooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phonebooks_name_length" CHECK (char_length("phonebooks"."name") between 1 and 100),
	CONSTRAINT "phonebooks_description_length" CHECK (char_length("phonebooks"."description") <= 500)
);
--> statement-breakpoint
ALTER TABLE "phonebook_entries" ADD CONSTRAINT "phonebook_entries_phonebook_id_phonebooks_id_fk" FOREIGN KEY ("phonebook_id") REFERENCES "public"."phonebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phonebooks" ADD CONSTRAINT "phonebooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phonebook_entries_phonebook_phone_idx" ON "phonebook_entries" USING btree ("phonebook_id","phone_number");--> statement-breakpoint
CREATE INDEX "phonebooks_user_idx" ON "phonebooks" USING btree ("user_id","created_at");
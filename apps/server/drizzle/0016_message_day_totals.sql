CREATE TABLE "message_day_totals" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"sms_count" integer NOT NULL,
	"sms_spent" bigint NOT NULL,
	"viber_count" integer NOT NULL,
	"viber_spent" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_day_totals_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "message_day_totals" ADD CONSTRAINT "message_day_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
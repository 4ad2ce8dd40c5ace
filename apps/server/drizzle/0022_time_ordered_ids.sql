-- The tables that grow with every message take time-ordered ids (UUID version 7, RFC 9562): the
-- time in milliseconds in the first 48 bits, then the version, then random bits. With
-- gen_random_uuid() each insert went to a random leaf page of the primary key; in a table that
-- already holds a million messages that page is seldom cached, and its first change after each
-- checkpoint writes the whole page to the WAL. With these ids the inserts of a moment share the
-- rightmost pages (issue 12; bench/README.md). Existing ids stay as they are: ids are opaque, and
-- nothing relies on their order but as a tie-break between rows of the same time.
CREATE FUNCTION "time_ordered_uuid"() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  -- A random (version 4) UUID with its first six bytes replaced by the Unix time in milliseconds,
  -- and its version nibble turned from 0100 into 0111 by setting bits 52 and 53. The variant bits
  -- stay those of version 4 (10xx), as version 7 wants.
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();--> statement-breakpoint
ALTER TABLE "message_events" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();

-- Trigram indexes make the admin searches (users by phone and names, all messages by phone,
-- sender, recipient and text) substring searches that use an index. pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database owner may create it; PGlite loads it from its contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

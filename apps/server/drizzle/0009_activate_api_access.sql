-- API keys exist now: the "API access" product seeded inactive (not for sale) is put on sale.
-- Only while it is still inactive with its seeded description, so an admin's later edit stands.
UPDATE "products" SET "status" = 'active'
 WHERE "name" = 'API access' AND "status" = 'inactive'
   AND "description" = 'Send messages from your own software through the REST API with API keys.';

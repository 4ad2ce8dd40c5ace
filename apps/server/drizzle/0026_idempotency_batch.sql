-- Idempotency-Key: a send notes its batch id on its key's row before it runs, so an answer lost
-- after the send committed (the process died, the connection broke) is rebuilt from the batch's
-- messages instead of the send running again (modules/api-v1/idempotency.ts).
ALTER TABLE "idempotency_keys" ADD COLUMN "batch_id" uuid;

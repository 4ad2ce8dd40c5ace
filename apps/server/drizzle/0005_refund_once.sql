-- A message's unused reservation (failed, cancelled, or a Viber message cheaper than its SMS
-- fallback) is refunded once: the settlement's conditional update ensures it, and this index makes
-- a second refund row with the same reference impossible even if code went wrong.
CREATE UNIQUE INDEX "transactions_refund_once_idx" ON "transactions" USING btree ("reference") WHERE "type" = 'refund' AND "reference" IS NOT NULL;

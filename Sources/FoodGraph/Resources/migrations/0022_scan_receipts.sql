-- A receipt scan points at the receipt the user entered from it (createReceipt with its scanId).
ALTER TABLE scans ADD COLUMN receipt_id bigint REFERENCES receipts (id) ON DELETE SET NULL;
CREATE INDEX scans_receipt ON scans (receipt_id) WHERE receipt_id IS NOT NULL;

-- Issue 16: a split that gives the security a new ISIN (IB's reverse splits often do; a CUSIP/ISIN change is one
-- with a ratio of 1). The split is kept under the old security with the new one in renamed_to: FIFO of the new
-- security takes the old one's lots and sales dated before the split, in post-split units, each with its own
-- date, cost and rate (deals module fifo.ts), so a sale of the new ISIN matches the pre-split lots.
ALTER TABLE security_splits ADD COLUMN IF NOT EXISTS renamed_to text;
CREATE INDEX IF NOT EXISTS security_splits_renamed_to ON security_splits (user_id, renamed_to) WHERE renamed_to IS NOT NULL;

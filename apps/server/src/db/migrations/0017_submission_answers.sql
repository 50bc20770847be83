-- Issue 17, part 4 (after sending): the tax office answers asynchronously. A submission is 'sent' when
-- the tax office acknowledged the document (with its own document id, the ticket), then 'accepted' (a
-- registration number, the date and the receipt, талон) or 'rejected' (the reason). Additive only.
ALTER TABLE submissions DROP CONSTRAINT IF EXISTS submissions_status_check;
ALTER TABLE submissions ADD CONSTRAINT submissions_status_check
  CHECK (status IN ('sent', 'accepted', 'rejected'));
ALTER TABLE submissions ADD COLUMN ticket text;
ALTER TABLE submissions ADD COLUMN registered_at timestamptz;
ALTER TABLE submissions ADD COLUMN answered_at timestamptz;
-- the receipt (талон) as the tax office gave it (PDF)
ALTER TABLE submissions ADD COLUMN receipt_pdf bytea;
-- how many times the answer was asked for (the poll job backs off with it)
ALTER TABLE submissions ADD COLUMN polls int NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX submissions_ticket ON submissions (provider, ticket) WHERE ticket IS NOT NULL;

-- The latest tax-office answer on the declaration itself, so the list of forms shows it without a join.
ALTER TABLE declarations ADD COLUMN submission_status text
  CHECK (submission_status IS NULL OR submission_status IN ('sent', 'accepted', 'rejected'));
ALTER TABLE declarations ADD COLUMN submission_number text;
ALTER TABLE declarations ADD COLUMN submission_registered_at timestamptz;
ALTER TABLE declarations ADD COLUMN submission_reason text;

-- The sandbox tax office's own state (outside production only): what it received and what it will answer.
CREATE TABLE sandbox_tax_office_documents (
  ticket text PRIMARY KEY,
  kgd_code text NOT NULL,
  form_code text NOT NULL,
  year int NOT NULL,
  document_sha256 char(64) NOT NULL,
  -- the verdict is decided on receipt; it is told only once answer_at has passed
  verdict text NOT NULL CHECK (verdict IN ('accepted', 'rejected')),
  reason text,
  registration_number text UNIQUE,
  received_at timestamptz NOT NULL,
  answer_at timestamptz NOT NULL
);

-- Broker report uploads and partner (bank) fetches: one row per import, applied by a background job.
CREATE TABLE imports (
  id serial PRIMARY KEY,
  declaration_id int NOT NULL REFERENCES declarations(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  manager_id int,
  -- 'upload' (broker report files) or 'partner' (get-data-from-bank)
  source text NOT NULL,
  -- the broker chosen on the upload screen, or the partner bank name
  bank text,
  job_id int,
  -- queued, running, retrying, done, failed
  status text NOT NULL DEFAULT 'queued',
  -- stored originals (files.id), in the broker's order
  file_ids int[] NOT NULL DEFAULT '{}',
  -- formats detected by content, per file
  formats text[] NOT NULL DEFAULT '{}',
  -- { total, added, duplicates, needs_info, skipped, errors, by_section: { key: n } }
  counts jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- row-level errors and skipped rows: [{ file, row, field?, message }]
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  skipped jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- the Russian text shown to the user when the import failed or added nothing
  message text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX imports_declaration ON imports (declaration_id, id DESC);
CREATE INDEX imports_user ON imports (user_id, id DESC);

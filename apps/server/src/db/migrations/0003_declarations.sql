-- Declarations (SPEC section 3 common_data + personal_data) and one generic deals table for every section.
CREATE TABLE declarations (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- the manager who created it on /management, if any
  manager_id int,
  status int NOT NULL DEFAULT 1 REFERENCES declaration_statuses(id),
  tariff_type int,
  reporting_form_id int NOT NULL REFERENCES reporting_forms(id),
  type int NOT NULL REFERENCES declaration_types(id),
  year int NOT NULL CHECK (year >= 2021),
  kgd_code_id int NOT NULL REFERENCES kgd_codes(id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- archived (and read-only) once passed; set to created_at + 10 days, payment may move it
  declaration_expired_date timestamptz,
  -- set when a form is archived explicitly (otherwise archiving is derived from the expiry date)
  archived_at timestamptz,
  broker text,
  referral_code text,
  tax_office_sending boolean NOT NULL DEFAULT false,
  personal_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- the calculation result (fifth_section), written by the calculation module
  fifth_section jsonb
);
CREATE INDEX declarations_user ON declarations (user_id, created_at DESC, id DESC);
-- the draft sweep (status 1 past expiry)
CREATE INDEX declarations_status_expiry ON declarations (status, declaration_expired_date);

-- One row per deal of any section. Common columns are typed; the section's own fields live in `fields`,
-- validated by the section's zod schema before they are written.
CREATE TABLE deals (
  id serial PRIMARY KEY,
  declaration_id int NOT NULL REFERENCES declarations(id) ON DELETE CASCADE,
  -- section key of SPEC section 3 (first_section_a, ..., form_250_ninth_section)
  section text NOT NULL,
  -- 1 = more information needed (ignored by the calculation)
  status int,
  comment text,
  transaction_date date,
  currency_code text,
  -- the section's main amount in the deal currency, and its KZT equivalent (tile totals)
  main_amount numeric(24, 4),
  amount_kzt numeric(24, 4),
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- stable key of an imported row: importing the same report twice adds nothing
  source_key text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (declaration_id, source_key)
);
CREATE INDEX deals_declaration_section ON deals (declaration_id, section, id);

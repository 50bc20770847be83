-- Tariffs, payments, signing and submissions (issue 7). Prices are data: seeded from
-- reference-data/tariffs.json, tariff_options.json and tariff_tiers.json.
CREATE TABLE tariffs (
  id int PRIMARY KEY,
  code text NOT NULL UNIQUE,
  tariff_type int NOT NULL,
  name text NOT NULL,
  description text NOT NULL,
  -- "from" price for the consultant tariff (its tiers are in tariff_tiers)
  price numeric(14, 2) NOT NULL,
  -- the halykfinance bank variant price (NULL = same as price)
  halyk_price numeric(14, 2),
  -- additional payment (status 4: new deals or another file after payment)
  additional_cost numeric(14, 2) NOT NULL DEFAULT 0,
  features jsonb NOT NULL DEFAULT '[]'::jsonb,
  active boolean NOT NULL DEFAULT true,
  sort_order int NOT NULL DEFAULT 0
);
CREATE TABLE tariff_options (
  id int PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL,
  price numeric(14, 2) NOT NULL,
  -- offered only where the automatic submission flag is on (the test host)
  test_host_only boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  sort_order int NOT NULL DEFAULT 0
);
CREATE TABLE tariff_tiers (
  id int PRIMARY KEY,
  -- no foreign key: reference files are seeded in name order (tariff_tiers before tariffs)
  tariff_id int NOT NULL,
  title text NOT NULL,
  max_deals int,
  max_assets int,
  price numeric(14, 2) NOT NULL,
  sort_order int NOT NULL DEFAULT 0
);

-- Promo (referral) codes: managed in the database; a discount of 100 means free.
CREATE TABLE promo_codes (
  id serial PRIMARY KEY,
  code text NOT NULL,
  discount numeric(5, 2) NOT NULL CHECK (discount >= 0 AND discount <= 100),
  -- only for clients of this broker (brokers.name), or any broker when NULL
  broker text,
  active boolean NOT NULL DEFAULT true,
  valid_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (lower(code));

-- The tariff chosen for a declaration and the price fixed at that moment.
CREATE TABLE declaration_tariffs (
  declaration_id int PRIMARY KEY REFERENCES declarations(id) ON DELETE CASCADE,
  tariff_id int NOT NULL REFERENCES tariffs(id),
  options jsonb NOT NULL DEFAULT '[]'::jsonb,
  base_amount numeric(14, 2) NOT NULL,
  options_amount numeric(14, 2) NOT NULL,
  discount numeric(5, 2) NOT NULL DEFAULT 0,
  amount numeric(14, 2) NOT NULL,
  promo_code text,
  chosen_at timestamptz NOT NULL
);

-- A payment (what is owed); each attempt with a provider is an invoice. Payment rows outlive a
-- deleted (unpaid) declaration: money records are never deleted.
CREATE TABLE payments (
  id serial PRIMARY KEY,
  declaration_id int REFERENCES declarations(id) ON DELETE SET NULL,
  user_id int NOT NULL,
  kind text NOT NULL CHECK (kind IN ('initial', 'additional')),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
  paid_invoice_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz
);
-- at most one open payment of a kind per declaration
CREATE UNIQUE INDEX payments_one_pending ON payments (declaration_id, kind) WHERE status = 'pending';

CREATE SEQUENCE payment_invoice_seq START WITH 100000001;
CREATE TABLE payment_invoices (
  id serial PRIMARY KEY,
  payment_id int NOT NULL REFERENCES payments(id),
  provider text NOT NULL CHECK (provider IN ('robokassa', 'epay')),
  mode text NOT NULL,
  invoice_id text NOT NULL UNIQUE,
  amount numeric(14, 2) NOT NULL,
  -- created -> paid | failed; failed -> paid (a late success) is allowed, paid is final
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed', 'duplicate')),
  -- the value the provider must echo back (ePay secret_hash), never shown to the browser
  secret_hash text,
  -- provider answers without personal data (no card mask, name, email, phone)
  provider_payload jsonb,
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX payment_invoices_payment ON payment_invoices (payment_id);

-- Verified callbacks already applied: a replayed or duplicated callback finds its row and changes nothing.
CREATE TABLE payment_callbacks (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  invoice_id text NOT NULL,
  event text NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL,
  UNIQUE (provider, invoice_id, event)
);

-- One signing attempt: the document sent to the signer, the OAuth state, the single-use code.
CREATE TABLE signing_sessions (
  id serial PRIMARY KEY,
  declaration_id int NOT NULL REFERENCES declarations(id) ON DELETE CASCADE,
  user_id int NOT NULL,
  provider text NOT NULL,
  signable_id text NOT NULL,
  state text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'prepared' CHECK (status IN ('prepared', 'redirected', 'exchanged', 'signed', 'failed')),
  code_hash char(64) UNIQUE,
  access_token text,
  unsigned_xml text NOT NULL,
  signed_xml text,
  error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX signing_sessions_declaration ON signing_sessions (declaration_id, id DESC);

-- What the tax office answered: the registration number and receipt, kept with the declaration.
CREATE TABLE submissions (
  id serial PRIMARY KEY,
  declaration_id int NOT NULL REFERENCES declarations(id) ON DELETE CASCADE,
  signing_session_id int REFERENCES signing_sessions(id),
  provider text NOT NULL,
  status text NOT NULL CHECK (status IN ('accepted', 'rejected')),
  registration_number text UNIQUE,
  receipt jsonb,
  error text,
  submitted_at timestamptz NOT NULL
);
CREATE INDEX submissions_declaration ON submissions (declaration_id, id DESC);

-- Sandbox providers' own state (outside production only; the real services keep theirs).
CREATE TABLE sandbox_epay (
  invoice_id text PRIMARY KEY,
  access_token_hash char(64) NOT NULL,
  amount numeric(14, 2) NOT NULL,
  terminal text NOT NULL,
  secret_hash text NOT NULL,
  post_link text NOT NULL,
  failure_post_link text,
  status text NOT NULL DEFAULT 'NEW',
  reference text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE sandbox_signer_documents (
  signable_id text PRIMARY KEY,
  name text NOT NULL,
  xml text NOT NULL,
  signed_xml text,
  created_at timestamptz NOT NULL
);
CREATE TABLE sandbox_signer_codes (
  code_hash char(64) PRIMARY KEY,
  redirect_uri text NOT NULL,
  signable_ids jsonb NOT NULL,
  access_token_hash char(64),
  created_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE sandbox_tax_office_seq (id int PRIMARY KEY, last int NOT NULL);

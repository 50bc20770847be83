CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  name text NOT NULL DEFAULT '',
  surname text NOT NULL DEFAULT '',
  patronymic text,
  phone text,
  iin char(12),
  spouses_iin char(12),
  role text NOT NULL DEFAULT 'user',
  full_access boolean NOT NULL DEFAULT false,
  bank_name text,
  broker_client_id text,
  is_onboarding_completed boolean NOT NULL DEFAULT false,
  must_change_password boolean NOT NULL DEFAULT false,
  failed_logins int NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  personal_data_consent_at timestamptz,
  public_offer_consent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Session tokens are random; only their SHA-256 is stored, so a database leak exposes no session.
CREATE TABLE sessions (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash char(64) NOT NULL UNIQUE,
  kind text NOT NULL DEFAULT 'B2C',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE visit_log (
  id serial PRIMARY KEY,
  user_id int REFERENCES users(id) ON DELETE CASCADE,
  ip text NOT NULL,
  is_success boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visit_log_user ON visit_log (user_id, created_at DESC);

-- Email codes: purpose 1 register, 2 reset, 4 change email. Stored hashed, single use, limited attempts.
CREATE TABLE verification_codes (
  id serial PRIMARY KEY,
  email text NOT NULL,
  purpose int NOT NULL,
  code_hash char(64) NOT NULL,
  payload jsonb,
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX verification_codes_email ON verification_codes (lower(email), purpose);

-- Captcha solutions already used (one use per solution).
CREATE TABLE captcha_used (signature text PRIMARY KEY, expires_at timestamptz NOT NULL);

-- Every letter we send; the dev mailbox reads it outside production.
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  code text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_email ON outbox (lower(to_email), id DESC);

-- Durable background work; handlers are idempotent, dedupe_key stops double enqueue.
CREATE TABLE jobs (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  last_error text,
  dedupe_key text UNIQUE,
  progress int NOT NULL DEFAULT 0,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_ready ON jobs (status, run_at);

CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  actor_user_id int,
  actor_manager_id int,
  declaration_id int,
  entity text NOT NULL,
  entity_id text,
  action text NOT NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_declaration ON audit_log (declaration_id, id);

-- Reference lists (SPEC section 3 "Reference lists"); seeded from src/db/reference-data/*.json at start.
CREATE TABLE reporting_forms (id int PRIMARY KEY, name text NOT NULL, description text NOT NULL);
CREATE TABLE declaration_types (
  id int PRIMARY KEY, type_name text NOT NULL, type_description text NOT NULL, is_default boolean NOT NULL DEFAULT false
);
CREATE TABLE kgd_codes (id int PRIMARY KEY, code text NOT NULL UNIQUE, name text NOT NULL);
CREATE TABLE currencies (
  id int PRIMARY KEY, code char(3) NOT NULL UNIQUE, numeric_code char(3) NOT NULL, name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false
);
CREATE TABLE countries (
  id int PRIMARY KEY, alpha3 char(3) NOT NULL UNIQUE, alpha2 char(2) NOT NULL, numeric_code char(3) NOT NULL,
  name text NOT NULL, is_default boolean NOT NULL DEFAULT false, is_offshore boolean NOT NULL DEFAULT false
);
CREATE TABLE markets (id int PRIMARY KEY, name text NOT NULL, is_foreign boolean NOT NULL);
CREATE TABLE bidding_methods (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE security_types (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE operation_types (id int PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE adjustment_types (id int PRIMARY KEY, name text NOT NULL UNIQUE, article text NOT NULL);
CREATE TABLE declaration_statuses (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE transaction_types (id int PRIMARY KEY, section_id text NOT NULL, name text NOT NULL);
CREATE TABLE brokers (
  id int PRIMARY KEY,
  name text NOT NULL UNIQUE,
  title text NOT NULL,
  link text,
  extensions jsonb NOT NULL,
  count_files int NOT NULL,
  file_names jsonb NOT NULL,
  is_foreign boolean NOT NULL DEFAULT false,
  is_available_bank boolean NOT NULL DEFAULT false,
  hide_history_link boolean NOT NULL DEFAULT false,
  sort_order int NOT NULL
);
CREATE TABLE tax_benefits (id int PRIMARY KEY, code text NOT NULL UNIQUE, name text NOT NULL, article text NOT NULL);

-- National Bank rates cache: one row per currency and NBK date. quant is per NBK feed (rate = value / quant).
CREATE TABLE exchange_rates (
  currency_code char(3) NOT NULL,
  rate_date date NOT NULL,
  rate numeric(20, 6) NOT NULL,
  source text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (currency_code, rate_date, source)
);
-- Dates the feed answered "no data" for (weekends, holidays), so we step back without refetching.
CREATE TABLE exchange_rate_gaps (rate_date date NOT NULL, source text NOT NULL, PRIMARY KEY (rate_date, source));

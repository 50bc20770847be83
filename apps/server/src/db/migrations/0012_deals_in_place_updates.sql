-- A deal save rewrites `fields`. With indexes on expressions of `fields`, every save was a non-HOT
-- update: a new entry in each of the five indexes of deals. The two expressions FIFO reads by are
-- stored generated columns now, indexed as such, so a save that keeps the deal's security and its
-- sale updates the row in place (HOT); pages keep room for that.
-- security_key is the engine's securityKey: ISIN when given, else the name, upper case.
ALTER TABLE deals
  ADD COLUMN security_key text
    GENERATED ALWAYS AS (upper(coalesce(nullif(fields ->> 'isin_security', ''), fields ->> 'name_security', ''))) STORED,
  ADD COLUMN history_of text GENERATED ALWAYS AS (fields ->> 'first_a_and_second_section_deal_id') STORED;
DROP INDEX deals_security;
DROP INDEX deals_history_parent;
CREATE INDEX deals_security ON deals (declaration_id, security_key);
-- Purchase history of a sale (history section rows point at their sale).
CREATE INDEX deals_history_parent ON deals (history_of) WHERE section = 'purchase_transaction_currency_section';
ALTER TABLE deals SET (fillfactor = 85);

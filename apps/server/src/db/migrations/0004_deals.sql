-- Purchase lots a sale consumed (FIFO, issue 5): one row per (sale, purchase lot) pair, rewritten whenever a
-- sale or a purchase of the same security is saved. purchase_deal_id may point into an earlier declaration.
CREATE TABLE deal_lots (
  sale_deal_id int NOT NULL REFERENCES deals(id) ON DELETE CASCADE,
  purchase_deal_id int NOT NULL REFERENCES deals(id) ON DELETE CASCADE,
  seq int NOT NULL,
  quantity numeric(28, 8) NOT NULL,
  -- part of the lot's price in the lot currency, and in KZT at the lot's rate
  cost numeric(24, 4) NOT NULL,
  cost_kzt numeric(24, 4) NOT NULL,
  currency_code text NOT NULL,
  rate numeric(20, 6) NOT NULL,
  previous_period boolean NOT NULL DEFAULT false,
  PRIMARY KEY (sale_deal_id, seq)
);
CREATE INDEX deal_lots_purchase ON deal_lots (purchase_deal_id);

-- FIFO reads the sales and purchases of one security: ISIN when known, else the name (upper case).
CREATE INDEX deals_security ON deals (
  declaration_id,
  (upper(coalesce(nullif(fields ->> 'isin_security', ''), fields ->> 'name_security', '')))
);
-- Purchase history of a sale (history section rows point at their sale).
CREATE INDEX deals_history_parent ON deals (((fields ->> 'first_a_and_second_section_deal_id')))
  WHERE section = 'purchase_transaction_currency_section';

-- An invoice pays for exactly what it was issued for (issue 15). `bound_to` is the tariff, options,
-- promo code and price the invoice was created with; a success is applied only while the
-- declaration's current price is still that one. Two more invoice states:
--   void   - the price changed (tariff or options) or the declaration was deleted: never pays;
--   closed - another invoice of the same payment paid it: a later success is an overpayment.
ALTER TABLE payment_invoices DROP CONSTRAINT payment_invoices_status_check;
ALTER TABLE payment_invoices ADD CONSTRAINT payment_invoices_status_check
  CHECK (status IN ('created', 'paid', 'failed', 'duplicate', 'void', 'closed'));
ALTER TABLE payment_invoices
  ADD COLUMN bound_to jsonb,
  ADD COLUMN void_reason text,
  ADD COLUMN closed_at timestamptz;

-- Money a provider reports as taken that bought nothing: a second charge of a paid payment, or a
-- charge of a void or superseded invoice. Kept for administrators to refund; never deleted.
-- declaration_id has no foreign key: the row outlives a deleted declaration.
CREATE TABLE payment_overpayments (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  invoice_id text NOT NULL,
  payment_id int NOT NULL REFERENCES payments(id),
  declaration_id int,
  user_id int NOT NULL,
  amount numeric(14, 2) NOT NULL,
  reason text NOT NULL CHECK (reason IN ('duplicate', 'void_invoice', 'superseded', 'no_declaration')),
  created_at timestamptz NOT NULL,
  refunded_at timestamptz,
  UNIQUE (provider, invoice_id)
);
CREATE INDEX payment_overpayments_open ON payment_overpayments (created_at) WHERE refunded_at IS NULL;

-- Invoices issued before this migration were bound to nothing: void the open ones (a new attempt
-- issues a bound invoice at the current price).
UPDATE payment_invoices SET status = 'void', void_reason = 'unbound'
WHERE status IN ('created', 'failed') AND bound_to IS NULL;

-- Issue 16: splits (forward and reverse) the user's broker reports state, kept per person and security so
-- that FIFO matches a sale after the split against lots bought before it in post-split units, whichever
-- import or declaration those lots came from (deals module fifo.ts, tax restateForSplits). One split per
-- security and day: the same statement imported twice, or an overlapping one of another format, adds it once.
CREATE TABLE IF NOT EXISTS security_splits (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- the declaration whose import reported it (its removal removes the split)
  declaration_id int NOT NULL REFERENCES declarations(id) ON DELETE CASCADE,
  import_id int,
  -- the engine's securityKey: ISIN when given, else the name, upper case (as deals.security_key)
  security_key text NOT NULL,
  split_date date NOT NULL,
  -- new shares per old share
  ratio numeric NOT NULL CHECK (ratio > 0),
  description text,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, security_key, split_date)
);

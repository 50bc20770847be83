-- The revision trigger also marks the declaration updated (database clock). Deal writers used to do it
-- themselves with a second UPDATE of the declaration row in the same transaction: a row updated twice
-- by one transaction has its foreign keys re-checked (FOR KEY SHARE on the user and four reference
-- rows, shared by every declaration), which under concurrent saves turned into multixact churn on
-- those rows. One UPDATE per statement, from here.
CREATE OR REPLACE FUNCTION bump_deals_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE declarations SET deals_revision = deals_revision + 1, updated_at = now()
      WHERE id IN (SELECT DISTINCT declaration_id FROM new_deals);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE declarations SET deals_revision = deals_revision + 1, updated_at = now()
      WHERE id IN (SELECT DISTINCT declaration_id FROM old_deals);
  ELSE
    UPDATE declarations SET deals_revision = deals_revision + 1, updated_at = now()
      WHERE id IN (SELECT declaration_id FROM new_deals UNION SELECT declaration_id FROM old_deals);
  END IF;
  RETURN NULL;
END;
$$;

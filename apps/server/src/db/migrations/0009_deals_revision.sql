-- Every change to a declaration's deals bumps declarations.deals_revision, whoever makes it (the deal form,
-- an import, a FIFO re-match from an earlier year, delete-all, a cascade). Caches of what is derived from the
-- deals (the grouped deals of GET /api/declarations/{id}, the calculation) are keyed by it, so they are exact
-- and shared safely by several server instances. Statement-level triggers: a 50,000-deal import bumps once.
ALTER TABLE declarations ADD COLUMN deals_revision bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_deals_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE declarations SET deals_revision = deals_revision + 1
      WHERE id IN (SELECT DISTINCT declaration_id FROM new_deals);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE declarations SET deals_revision = deals_revision + 1
      WHERE id IN (SELECT DISTINCT declaration_id FROM old_deals);
  ELSE
    UPDATE declarations SET deals_revision = deals_revision + 1
      WHERE id IN (SELECT declaration_id FROM new_deals UNION SELECT declaration_id FROM old_deals);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER deals_revision_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_deals FOR EACH STATEMENT EXECUTE FUNCTION bump_deals_revision();
CREATE TRIGGER deals_revision_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals FOR EACH STATEMENT EXECUTE FUNCTION bump_deals_revision();
CREATE TRIGGER deals_revision_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_deals FOR EACH STATEMENT EXECUTE FUNCTION bump_deals_revision();

-- Movement history (spec 000 §2, §3, §7): the company of every movement and the indexes of the
-- history pages (employee and company), the cancelled purchases, and the company advances account.

-- The employee's company when the movement was written: the company view (entity azienda, exports)
-- reads one index range instead of joining every employee. Movements are append-only, so the column
-- is filled once, on insert, by the trigger below when the insert leaves it out (the ledger does);
-- bulk loads that already know the company give it and skip the lookup. It stays what it was when
-- an employee later moves to another company: the movement belongs to the company that paid it.
ALTER TABLE movements ADD COLUMN company_id bigint REFERENCES companies (id_azienda);
-- Existing rows: the one update the append-only trigger lets through, inside this migration.
ALTER TABLE movements DISABLE TRIGGER movements_append_only;
UPDATE movements AS m SET company_id = u.company_id FROM users AS u WHERE u.id = m.user_id;
ALTER TABLE movements ENABLE TRIGGER movements_append_only;
ALTER TABLE movements ALTER COLUMN company_id SET NOT NULL;

CREATE FUNCTION movements_fill_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.company_id INTO NEW.company_id FROM users AS u WHERE u.id = NEW.user_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER movements_company BEFORE INSERT ON movements
  FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION movements_fill_company();

-- History pages: newest first by (created, id), filtered by a day range in Rome; the page query reads
-- ids from the index alone (deferred join), the monthly totals read verso and importo from it too.
-- The employee index replaces movements_user_idx (user_id, created), of which it is an extension.
CREATE INDEX movements_user_history_idx ON movements (user_id, created, id) INCLUDE (verso, importo);
DROP INDEX movements_user_idx;
CREATE INDEX movements_company_history_idx ON movements (company_id, created, id) INCLUDE (verso, importo);

-- Cancelled purchases of a user (GET acquisti_annullati), newest first.
CREATE INDEX purchases_rejected_idx ON purchases (user_id, created DESC, id DESC) WHERE status = 'rifiutato';

-- The advances account of a company (saldo_anticipi): what the company paid in ahead (AVERE) and
-- what was drawn from it (DARE). Append-only like the credit ledger; the balance is derived.
CREATE TABLE company_advances (
  id           bigserial PRIMARY KEY,
  company_id   bigint NOT NULL REFERENCES companies (id_azienda),
  verso        text NOT NULL CHECK (verso IN ('AVERE', 'DARE')),
  importo      bigint NOT NULL CHECK (importo > 0),
  causale      text NOT NULL DEFAULT '' CHECK (length(causale) <= 200),
  -- Natural key at the origin (bank transfer, monthly draw, seed): a second load does nothing.
  rif_esterno  text,
  created      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, rif_esterno)
);
CREATE INDEX company_advances_company_idx ON company_advances (company_id, created, id);
CREATE TRIGGER company_advances_append_only BEFORE UPDATE OR DELETE ON company_advances
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

-- The stored advances balance of 001 was never written: the balance is the sum of company_advances.
ALTER TABLE companies DROP COLUMN saldo_anticipi;

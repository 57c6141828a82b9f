-- Movement history at scale (issue 11, item 12): the count and totals of a range without reading
-- every movement of it, and a text search that does not scan the range.

-- Per-month totals of every employee's movements, kept by the trigger below: a month wholly inside
-- the asked range is read from here (one row per employee and month) instead of counting its
-- movements. The month is the calendar month in Europe/Rome, as the history groups it. The company is
-- the movement's own (movements.company_id), so a company's totals are the sum of its rows.
-- Movements are append-only (001, movements_append_only): insertion is the only change to follow.
CREATE TABLE movement_month_totals (
  company_id  bigint NOT NULL REFERENCES companies (id_azienda),
  user_id     bigint NOT NULL REFERENCES users (id),
  -- First day of the month in Rome.
  month       date NOT NULL,
  n           bigint NOT NULL,
  avere       bigint NOT NULL,
  dare        bigint NOT NULL,
  PRIMARY KEY (company_id, month, user_id)
);
CREATE INDEX movement_month_totals_user_idx ON movement_month_totals (user_id, month);

-- One upsert per inserting statement (a bulk load adds 200,000 rows in one), in key order so that
-- concurrent statements take the row locks in the same order. A row is keyed by employee: concurrent
-- purchases of colleagues never wait for each other here.
CREATE FUNCTION movements_add_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO movement_month_totals AS t (company_id, user_id, month, n, avere, dare)
  SELECT a.company_id, a.user_id, date_trunc('month', a.created AT TIME ZONE 'Europe/Rome')::date,
         count(*),
         coalesce(sum(a.importo) FILTER (WHERE a.verso = 'AVERE'), 0),
         coalesce(sum(a.importo) FILTER (WHERE a.verso = 'DARE'), 0)
    FROM added AS a
   GROUP BY 1, 2, 3
   ORDER BY 1, 3, 2
  ON CONFLICT (company_id, month, user_id) DO UPDATE
    SET n = t.n + excluded.n, avere = t.avere + excluded.avere, dare = t.dare + excluded.dare;
  RETURN NULL;
END;
$$;
CREATE TRIGGER movements_month_totals AFTER INSERT ON movements
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION movements_add_month_totals();

INSERT INTO movement_month_totals (company_id, user_id, month, n, avere, dare)
SELECT m.company_id, m.user_id, date_trunc('month', m.created AT TIME ZONE 'Europe/Rome')::date,
       count(*),
       coalesce(sum(m.importo) FILTER (WHERE m.verso = 'AVERE'), 0),
       coalesce(sum(m.importo) FILTER (WHERE m.verso = 'DARE'), 0)
  FROM movements AS m
 GROUP BY 1, 2, 3;

-- Text search (ILIKE '%text%' on oggetto and soggetto, and on the employee's name in a company's
-- history): trigram indexes, so a search reads the matching rows, not the range.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX movements_oggetto_trgm_idx ON movements USING gin (oggetto gin_trgm_ops);
CREATE INDEX movements_soggetto_trgm_idx ON movements USING gin (soggetto gin_trgm_ops);
CREATE INDEX users_name_trgm_idx ON users
  USING gin ((nome || ' ' || cognome) gin_trgm_ops, (cognome || ' ' || nome) gin_trgm_ops);

-- The review queue at scale (issue 26, bench/review-queue.ts): a request remembers the company it was
-- made for, so the queue's filters by company, customer and operator scope, and the counts per state
-- under them, read one partial index instead of joining every awaiting request with its employee.
ALTER TABLE purchases ADD COLUMN company_id bigint REFERENCES companies (id_azienda);
UPDATE purchases AS p SET company_id = u.company_id FROM users AS u WHERE u.id = p.user_id;
ALTER TABLE purchases ALTER COLUMN company_id SET NOT NULL;

CREATE FUNCTION purchases_fill_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := (SELECT company_id FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER purchases_company BEFORE INSERT ON purchases
  FOR EACH ROW WHEN (NEW.company_id IS NULL) EXECUTE FUNCTION purchases_fill_company();

CREATE INDEX purchases_review_company_idx ON purchases (company_id, review_state)
  WHERE review_state IN ('inviata', 'in_verifica', 'documenti_richiesti');

-- The counts per state the queue shows, kept per company and form as requests come and go: summing a few
-- rows instead of counting every awaiting request (form_route '' for purchases no form made).
CREATE TABLE review_queue_counts (
  company_id    bigint NOT NULL REFERENCES companies (id_azienda),
  form_route    text NOT NULL,
  review_state  text NOT NULL CHECK (review_state IN ('inviata', 'in_verifica', 'documenti_richiesti')),
  n             bigint NOT NULL CHECK (n >= 0),
  PRIMARY KEY (company_id, form_route, review_state)
);
INSERT INTO review_queue_counts (company_id, form_route, review_state, n)
SELECT company_id, coalesce(form_route, ''), review_state, count(*)
  FROM purchases
 WHERE review_state IN ('inviata', 'in_verifica', 'documenti_richiesti')
 GROUP BY 1, 2, 3;

-- One request leaves a count and joins another: the two rows are changed in a fixed order (by state),
-- so two opposite moves in one company cannot deadlock.
CREATE FUNCTION review_queue_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  awaiting constant text[] := ARRAY['inviata', 'in_verifica', 'documenti_richiesti'];
  old_key text := CASE WHEN TG_OP <> 'INSERT' AND OLD.review_state = ANY (awaiting) THEN OLD.review_state END;
  new_key text := CASE WHEN TG_OP <> 'DELETE' AND NEW.review_state = ANY (awaiting) THEN NEW.review_state END;
  step record;
BEGIN
  FOR step IN
    SELECT * FROM (VALUES
      (old_key, CASE WHEN TG_OP <> 'INSERT' THEN OLD.company_id END,
       CASE WHEN TG_OP <> 'INSERT' THEN coalesce(OLD.form_route, '') END, -1),
      (new_key, CASE WHEN TG_OP <> 'DELETE' THEN NEW.company_id END,
       CASE WHEN TG_OP <> 'DELETE' THEN coalesce(NEW.form_route, '') END, 1)
    ) AS s (state, company, form, delta)
    WHERE state IS NOT NULL
    ORDER BY company, form, state, delta
  LOOP
    INSERT INTO review_queue_counts AS c (company_id, form_route, review_state, n)
    VALUES (step.company, step.form, step.state, greatest(step.delta, 0))
    ON CONFLICT (company_id, form_route, review_state) DO UPDATE SET n = c.n + step.delta;
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER purchases_review_queue_insert AFTER INSERT OR DELETE ON purchases
  FOR EACH ROW EXECUTE FUNCTION review_queue_count();
CREATE TRIGGER purchases_review_queue_update AFTER UPDATE OF review_state, company_id, form_route ON purchases
  FOR EACH ROW
  WHEN (OLD.review_state IS DISTINCT FROM NEW.review_state OR OLD.company_id IS DISTINCT FROM NEW.company_id
        OR OLD.form_route IS DISTINCT FROM NEW.form_route)
  EXECUTE FUNCTION review_queue_count();

-- The provider's operators and a request's whole life (issue 26, ARCHITECTURE.md §8a).

-- A third profile: the provider's staff. Operators are users of the provider's own customer and company
-- (made here, reserved: provisioning refuses its code), so sign-in, second factor, sessions and password
-- rules are the portal's own; the customer allows only the authenticator app.
ALTER TABLE users DROP CONSTRAINT users_profile_check;
ALTER TABLE users ADD CONSTRAINT users_profile_check CHECK (profile IN ('utente', 'ref_aziendale', 'operatore'));
ALTER TABLE profile_permissions DROP CONSTRAINT profile_permissions_profile_check;
ALTER TABLE profile_permissions ADD CONSTRAINT profile_permissions_profile_check
  CHECK (profile IN ('utente', 'ref_aziendale', 'operatore'));
ALTER TABLE customer_permissions DROP CONSTRAINT customer_permissions_profile_check;
ALTER TABLE customer_permissions ADD CONSTRAINT customer_permissions_profile_check
  CHECK (profile IN ('utente', 'ref_aziendale', 'operatore'));

INSERT INTO customers (slug, name, second_factors) VALUES ('operatori', 'Operatori del servizio welfare', '{totp}')
ON CONFLICT (slug) DO NOTHING;
INSERT INTO companies (nome, customer_id)
SELECT 'Operatori del servizio welfare', id FROM customers WHERE slug = 'operatori'
ON CONFLICT (nome) DO NOTHING;

-- What an operator may do: pay (see IBANs in full, make and execute payout batches) and which customers
-- they serve (none listed = all).
CREATE TABLE operators (
  user_id        bigint PRIMARY KEY REFERENCES users (id),
  can_pay        boolean NOT NULL DEFAULT false,
  all_customers  boolean NOT NULL DEFAULT true
);
CREATE TABLE operator_customers (
  user_id      bigint NOT NULL REFERENCES operators (user_id),
  customer_id  bigint NOT NULL REFERENCES customers (id),
  PRIMARY KEY (user_id, customer_id)
);

-- Append-only audit log of every operator action (console and terminal), written in the transaction of
-- the change. Nothing updates or deletes it: the trigger refuses.
CREATE TABLE operator_audit (
  id           bigserial PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  operator_id  bigint REFERENCES users (id),
  -- The operator's e-mail, or 'terminale' for an admin command.
  actor        text NOT NULL CHECK (length(actor) BETWEEN 1 AND 320),
  action       text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_]{0,63}$'),
  object_type  text NOT NULL CHECK (object_type ~ '^[a-z][a-z0-9_]{0,63}$'),
  object_id    text NOT NULL CHECK (length(object_id) BETWEEN 1 AND 64),
  changes      jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The acting address (the request's IP), or 'terminale'.
  address      text NOT NULL CHECK (length(address) BETWEEN 1 AND 64)
);
CREATE INDEX operator_audit_at_idx ON operator_audit (at DESC, id DESC);
CREATE INDEX operator_audit_object_idx ON operator_audit (object_type, object_id, at DESC);
CREATE INDEX operator_audit_operator_idx ON operator_audit (operator_id, at DESC);

CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit: il registro delle operazioni non si modifica né si cancella';
END
$$;
CREATE TRIGGER operator_audit_no_update BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();

-- A request's stage in its life, finer than the wire status (which stays the spec's four values): the
-- CHECK keeps the two in step.
ALTER TABLE purchases ADD COLUMN review_state text CHECK (review_state IN (
  'inviata', 'in_verifica', 'documenti_richiesti', 'approvata', 'in_pagamento', 'pagata', 'rifiutata'));
UPDATE purchases SET review_state = CASE status
  WHEN 'inserito' THEN 'inviata' WHEN 'approvato' THEN 'approvata' WHEN 'pagato' THEN 'pagata' ELSE 'rifiutata' END;
ALTER TABLE purchases ALTER COLUMN review_state SET NOT NULL;
ALTER TABLE purchases ADD CONSTRAINT purchases_review_state_status CHECK (
  CASE status
    WHEN 'inserito' THEN review_state IN ('inviata', 'in_verifica', 'documenti_richiesti')
    WHEN 'approvato' THEN review_state IN ('approvata', 'in_pagamento')
    WHEN 'pagato' THEN review_state = 'pagata'
    ELSE review_state = 'rifiutata'
  END);
-- An insert that names only the status (the ledger's, the seeds') gets the stage it implies.
CREATE FUNCTION purchases_review_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.review_state IS NULL THEN
    NEW.review_state := CASE NEW.status
      WHEN 'inserito' THEN 'inviata' WHEN 'approvato' THEN 'approvata' WHEN 'pagato' THEN 'pagata' ELSE 'rifiutata' END;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER purchases_review_state BEFORE INSERT ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchases_review_state();
-- Bumped by every decision: a decision names the version it was made on, so the slower of two operators
-- is told instead of deciding on a request that changed under them.
ALTER TABLE purchases ADD COLUMN review_version integer NOT NULL DEFAULT 0;
-- Four eyes: the first of two approvals (above the declared amount).
ALTER TABLE purchases ADD COLUMN first_approved_by bigint REFERENCES users (id);
ALTER TABLE purchases ADD COLUMN first_approved_at timestamptz;
-- The review queue: oldest first among the requests awaiting a decision.
CREATE INDEX purchases_review_queue_idx ON purchases (created, id)
  WHERE review_state IN ('inviata', 'in_verifica', 'documenti_richiesti');
CREATE INDEX purchases_review_state_idx ON purchases (review_state)
  WHERE review_state IN ('inviata', 'in_verifica', 'documenti_richiesti', 'approvata');

-- A request's timeline after it was sent (sending is purchases.created).
CREATE TABLE purchase_events (
  id           bigserial PRIMARY KEY,
  purchase_id  bigint NOT NULL REFERENCES purchases (id),
  event        text NOT NULL CHECK (event IN ('in_verifica', 'prima_approvazione', 'documenti_richiesti',
                 'documenti_aggiunti', 'approvata', 'in_pagamento', 'uscita_dal_lotto', 'pagata', 'rifiutata')),
  at           timestamptz NOT NULL DEFAULT now(),
  operator_id  bigint REFERENCES users (id),
  -- What the employee reads: the reason of a rejection, the documents asked for.
  note         text CHECK (length(note) <= 2000),
  details      jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX purchase_events_purchase_idx ON purchase_events (purchase_id, at, id);

-- The provider's bank accounts payouts leave from (provisioning).
CREATE TABLE provider_accounts (
  id          bigserial PRIMARY KEY,
  nome        text NOT NULL CHECK (length(nome) BETWEEN 1 AND 70),
  iban        text NOT NULL UNIQUE CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  bic         text CHECK (bic ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Payout batches: approved reimbursements paid by SEPA credit transfer (pain.001).
CREATE TABLE payout_batches (
  id              bigserial PRIMARY KEY,
  account_id      bigint NOT NULL REFERENCES provider_accounts (id),
  execution_date  date NOT NULL,
  status          text NOT NULL DEFAULT 'aperto' CHECK (status IN ('aperto', 'eseguito', 'annullato')),
  message_id      text NOT NULL UNIQUE CHECK (length(message_id) BETWEEN 1 AND 35),
  total           bigint NOT NULL CHECK (total > 0),
  transfers       integer NOT NULL CHECK (transfers > 0),
  created_by      bigint REFERENCES users (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  closed_by       bigint REFERENCES users (id),
  closed_at       timestamptz,
  CHECK ((status = 'aperto') = (closed_at IS NULL))
);
CREATE TABLE payout_items (
  batch_id      bigint NOT NULL REFERENCES payout_batches (id),
  purchase_id   bigint NOT NULL REFERENCES purchases (id),
  importo       bigint NOT NULL CHECK (importo > 0),
  iban          text NOT NULL,
  beneficiario  text NOT NULL,
  -- True while the batch is open: a request is in at most one open batch.
  open          boolean NOT NULL DEFAULT true,
  PRIMARY KEY (batch_id, purchase_id)
);
CREATE UNIQUE INDEX payout_items_one_open_idx ON payout_items (purchase_id) WHERE open;

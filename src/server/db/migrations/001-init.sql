-- Platform spine: customers, companies, users, permissions, sessions, the credit ledger,
-- idempotency keys, notifications and the mail outbox.
-- Money is integer cents (bigint); instants are timestamptz; calendar days are date.

CREATE TABLE customers (
  id          bigserial PRIMARY KEY,
  slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9_-]{1,64}$'),
  name        text NOT NULL,
  -- Server-served skin (customers without a built-in skin), shape of schemas/api/skin.json.
  skin        jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE companies (
  id_azienda      bigserial PRIMARY KEY,
  nome            text NOT NULL UNIQUE,
  cognome         text NOT NULL DEFAULT '',
  localita        text,
  customer_id     bigint NOT NULL REFERENCES customers (id),
  saldo_anticipi  bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id                  bigserial PRIMARY KEY,
  email               text NOT NULL UNIQUE CHECK (email = lower(email) AND email LIKE '%_@_%'),
  nome                text NOT NULL,
  cognome             text NOT NULL,
  cod_fisc            text NOT NULL DEFAULT '',
  profile             text NOT NULL DEFAULT 'utente' CHECK (profile IN ('utente', 'ref_aziendale')),
  company_id          bigint NOT NULL REFERENCES companies (id_azienda),
  customer_id         bigint NOT NULL REFERENCES customers (id),
  threshold_ok        boolean NOT NULL DEFAULT true,
  covip_fondo         text,
  previdenza_is_ok    boolean NOT NULL DEFAULT false,
  ollipay_profile     text,
  ollipay_reg_status  boolean NOT NULL DEFAULT false,
  -- argon2id of the lower-case hex SHA-256 of the password (set by the sign-in issue).
  password_hash       text,
  pass_expiry_date    date,
  totp_secret         text,
  -- 'totp' (authenticator app), 'email' (code by mail); null = not enrolled yet (ENROLL_OTP).
  otp_method          text CHECK (otp_method IN ('totp', 'email')),
  is_cessato          boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_company_idx ON users (company_id);

CREATE TABLE user_privacy (
  user_id                 bigint PRIMARY KEY REFERENCES users (id),
  privacy_servizio        boolean NOT NULL,
  privacy_dati_personali  boolean NOT NULL,
  decalogo_sicurezza      boolean NOT NULL,
  signature               text NOT NULL,
  updated_at              timestamptz NOT NULL DEFAULT now()
);

-- Companies a referent manages besides the own one.
CREATE TABLE referent_companies (
  user_id     bigint NOT NULL REFERENCES users (id),
  company_id  bigint NOT NULL REFERENCES companies (id_azienda),
  PRIMARY KEY (user_id, company_id)
);

-- Menu permissions (route names and tree- keys): per profile, plus per-user extras.
CREATE TABLE profile_permissions (
  profile  text NOT NULL CHECK (profile IN ('utente', 'ref_aziendale')),
  perm     text NOT NULL,
  PRIMARY KEY (profile, perm)
);
CREATE TABLE user_permissions (
  user_id  bigint NOT NULL REFERENCES users (id),
  perm     text NOT NULL,
  PRIMARY KEY (user_id, perm)
);

CREATE TABLE sessions (
  id                   bigserial PRIMARY KEY,
  -- hex SHA-256 of the 256-bit token: a leaked table does not give usable tokens.
  token_hash           text NOT NULL UNIQUE,
  user_id              bigint NOT NULL REFERENCES users (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_seen_at         timestamptz NOT NULL DEFAULT now(),
  revoked_at           timestamptz,
  act_for              bigint REFERENCES companies (id_azienda),
  conv_special_agreed  boolean NOT NULL DEFAULT false,
  eurete_cond_agreed   boolean NOT NULL DEFAULT false,
  info_popup_seen      boolean NOT NULL DEFAULT false
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Tipo fonte 1-7 (spec 002 §9); names mirror config/movement-kinds.ts and are synced at start.
CREATE TABLE fonti (
  id    smallint PRIMARY KEY CHECK (id BETWEEN 1 AND 7),
  nome  text NOT NULL
);

CREATE TABLE credit_lines (
  id                  bigserial PRIMARY KEY,
  user_id             bigint NOT NULL REFERENCES users (id),
  fonte               smallint NOT NULL REFERENCES fonti (id),
  is_art51c3          boolean NOT NULL DEFAULT false,
  data_decorrenza     date NOT NULL,
  data_scadenza       date NOT NULL,
  credito_iniziale    bigint NOT NULL CHECK (credito_iniziale > 0),
  -- Decreases when a purchase is requested, comes back when it is rejected.
  credito_spendibile  bigint NOT NULL CHECK (credito_spendibile >= 0 AND credito_spendibile <= credito_iniziale),
  -- Decreases when a purchase is paid: what has actually left the line.
  credito_contabile   bigint NOT NULL CHECK (credito_contabile >= credito_spendibile AND credito_contabile <= credito_iniziale),
  -- Natural key of the line at its origin (import row, seed): makes loads idempotent.
  rif_esterno         text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (data_scadenza >= data_decorrenza),
  UNIQUE (user_id, rif_esterno)
);
CREATE INDEX credit_lines_user_idx ON credit_lines (user_id);

CREATE TABLE purchases (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users (id),
  kind             smallint NOT NULL CHECK (kind BETWEEN 1 AND 14),
  status           text NOT NULL DEFAULT 'inserito' CHECK (status IN ('inserito', 'approvato', 'pagato', 'rifiutato')),
  importo          bigint NOT NULL CHECK (importo > 0),
  credit_source    text NOT NULL CHECK (credit_source IN ('totale', 'art51c3')),
  oggetto          text NOT NULL DEFAULT '',
  soggetto         text NOT NULL DEFAULT '',
  payload          jsonb NOT NULL DEFAULT '{}'::jsonb,
  idempotency_key  text,
  created          timestamptz NOT NULL DEFAULT now(),
  approved_at      timestamptz,
  paid_at          timestamptz,
  rejected_at      timestamptz,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX purchases_user_idx ON purchases (user_id, created);

CREATE TABLE purchase_allocations (
  purchase_id     bigint NOT NULL REFERENCES purchases (id),
  credit_line_id  bigint NOT NULL REFERENCES credit_lines (id),
  importo         bigint NOT NULL CHECK (importo > 0),
  PRIMARY KEY (purchase_id, credit_line_id)
);
CREATE INDEX purchase_allocations_line_idx ON purchase_allocations (credit_line_id);

-- Immutable: every change of credit is a new row; balances are derived.
CREATE TABLE movements (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id),
  verso           text NOT NULL CHECK (verso IN ('AVERE', 'DARE')),
  importo         bigint NOT NULL CHECK (importo > 0),
  id_kind         smallint NOT NULL CHECK (id_kind BETWEEN 1 AND 14),
  oggetto         text NOT NULL DEFAULT '',
  soggetto        text NOT NULL DEFAULT '',
  id_acquisto     bigint REFERENCES purchases (id),
  -- Set when the movement concerns one line (a credit load); purchases use allocations.
  credit_line_id  bigint REFERENCES credit_lines (id),
  created         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX movements_user_idx ON movements (user_id, created);
CREATE INDEX movements_purchase_idx ON movements (id_acquisto);

CREATE FUNCTION forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER movements_append_only BEFORE UPDATE OR DELETE ON movements
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
CREATE TRIGGER purchase_allocations_append_only BEFORE UPDATE OR DELETE ON purchase_allocations
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

-- Idempotency-Key of purchase-creating calls: the row is inserted first (claim), the answer stored last.
CREATE TABLE idempotency_keys (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users (id),
  key              text NOT NULL,
  request_hash     text NOT NULL,
  created          timestamptz NOT NULL DEFAULT now(),
  response_status  integer,
  response_body    jsonb,
  completed_at     timestamptz,
  UNIQUE (user_id, key)
);

CREATE TABLE notifications (
  id              bigserial PRIMARY KEY,
  created         timestamptz NOT NULL DEFAULT now(),
  sender_user_id  bigint REFERENCES users (id),
  -- Shown as nome_mittente; system messages have no sender user.
  sender_name     text NOT NULL,
  id_riferimento  text,
  testo           text NOT NULL,
  sender_archived boolean NOT NULL DEFAULT false,
  -- Natural key for seeded or imported messages.
  rif_esterno     text UNIQUE
);
CREATE TABLE notification_recipients (
  notification_id   bigint NOT NULL REFERENCES notifications (id),
  user_id           bigint NOT NULL REFERENCES users (id),
  conferma_lettura  boolean NOT NULL DEFAULT false,
  archived          boolean NOT NULL DEFAULT false,
  read_at           timestamptz,
  PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_recipients_user_idx ON notification_recipients (user_id);

CREATE TABLE outbox (
  id        bigserial PRIMARY KEY,
  mail_to   text NOT NULL,
  subject   text NOT NULL,
  text      text NOT NULL,
  html      text,
  created   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_to_idx ON outbox (lower(mail_to), created);

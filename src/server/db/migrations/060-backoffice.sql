-- Referent back office (spec 002 §2.8, §2.9, §3, §4.3, §6, §7): welfare plans and the credits each
-- plan gave, employees' opaque uid (user files), consultants (api users) and the public keys of the
-- company, and the Loyalty and Incentive top-up requests with their pro-forma PDF.

-- Employee uid (002 §3 "Employee: id, uid, ..."): the opaque id the user-files calls take.
ALTER TABLE users ADD COLUMN uid uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX users_uid_idx ON users (uid);
-- The schedule and the user picker page the company's employees by surname, name, id.
CREATE INDEX users_company_name_idx ON users (company_id, cognome, nome, id);

-- Welfare plans of a company; a child plan names its parent (wpw_id_piano_padre).
CREATE TABLE welfare_plans (
  wpw_id               bigserial PRIMARY KEY,
  company_id           bigint NOT NULL REFERENCES companies (id_azienda),
  wpw_descrizione      text NOT NULL CHECK (length(wpw_descrizione) BETWEEN 1 AND 200),
  wpw_data_decorrenza  date NOT NULL,
  wpw_data_scadenza    date NOT NULL,
  wpw_id_piano_padre   bigint REFERENCES welfare_plans (wpw_id),
  -- Natural key of seeded plans: a second seed run adds nothing.
  rif_esterno          text,
  CHECK (wpw_data_scadenza >= wpw_data_decorrenza),
  UNIQUE (company_id, rif_esterno)
);
CREATE INDEX welfare_plans_company_idx ON welfare_plans (company_id, wpw_data_decorrenza, wpw_id);

-- The credit a plan gave each employee (the plan's credits file, piano_{id}_crediti.xlsx).
CREATE TABLE welfare_plan_credits (
  plan_id          bigint NOT NULL REFERENCES welfare_plans (wpw_id),
  user_id          bigint NOT NULL REFERENCES users (id),
  credito_tot      bigint NOT NULL CHECK (credito_tot >= 0),
  credito_art51c3  bigint NOT NULL CHECK (credito_art51c3 >= 0 AND credito_art51c3 <= credito_tot),
  PRIMARY KEY (plan_id, user_id)
);

-- Consultants (api users) of a company: they read company data with signed requests. A revoked one
-- is refused at once (revoked_at), whatever key it signs with.
CREATE TABLE api_users (
  id          bigserial PRIMARY KEY,
  company_id  bigint NOT NULL REFERENCES companies (id_azienda),
  username    text NOT NULL CHECK (username ~ '^[a-z0-9._@-]{3,64}$'),
  created     timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  UNIQUE (company_id, username)
);

-- Public keys of a company (002 §3: id, chiave_pubblica, api_user_name, created): RSA of at least 3072
-- bits, base64 of the DER SubjectPublicKeyInfo. A deleted key (deleted_at) verifies nothing any more.
CREATE TABLE public_keys (
  id               bigserial PRIMARY KEY,
  company_id       bigint NOT NULL REFERENCES companies (id_azienda),
  chiave_pubblica  text NOT NULL,
  -- hex SHA-256 of the DER key: the same key is not stored twice for a company.
  fingerprint      text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  api_user_id      bigint REFERENCES api_users (id),
  created_by       bigint REFERENCES users (id),
  created          timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz
);
CREATE UNIQUE INDEX public_keys_live_fingerprint_idx ON public_keys (company_id, fingerprint)
  WHERE deleted_at IS NULL;
CREATE INDEX public_keys_company_idx ON public_keys (company_id, created DESC, id DESC)
  WHERE deleted_at IS NULL;

-- Loyalty and Incentive top-up requests (002 §2.9, §7): amount, fee (3%), VAT on the fee (22%) and
-- the invoice total, in cents, with the pro-forma PDF made when the request was stored.
CREATE TABLE incentive_topups (
  id            bigserial PRIMARY KEY,
  company_id    bigint NOT NULL REFERENCES companies (id_azienda),
  requested_by  bigint NOT NULL REFERENCES users (id),
  importo       bigint NOT NULL CHECK (importo > 0),
  commissione   bigint NOT NULL CHECK (commissione >= 0),
  iva           bigint NOT NULL CHECK (iva >= 0),
  totale        bigint NOT NULL CHECK (totale = importo + commissione + iva),
  pdf           bytea NOT NULL,
  created       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incentive_topups_company_idx ON incentive_topups (company_id, created DESC, id DESC);

-- Conventions (spec 002 §2.1-§2.6, §3, §5, §7 "Suppliers and vouchers"): supplier categories,
-- convention suppliers and consortia (with their provinces and, for company suppliers, the company
-- whose employees see them), consortium affiliates, articles with their template and images, the
-- consortium's multi-use vouchers with their redemptions (voucher_credito_log), the identifying PIN
-- (stored hashed) and the acceptance of the conventions disclaimer (conv_special_agreed).
--
-- Category ids 8 (company suppliers) and 11 (special suppliers) are part of the contract (002 §2.1);
-- the demo seed (seed-sellers.ts) adds the other categories, suppliers, articles and vouchers.

-- Images of categories, suppliers and articles (GET immagini_convenzioni/{nome}): small SVGs.
CREATE TABLE conv_images (
  nome  text PRIMARY KEY CHECK (nome ~ '^[a-z0-9][a-z0-9-]{0,62}\.svg$'),
  svg   text NOT NULL CHECK (length(svg) BETWEEN 1 AND 65536)
);

CREATE TABLE conv_categories (
  id         integer PRIMARY KEY CHECK (id BETWEEN 1 AND 9999),
  nome       text NOT NULL CHECK (length(nome) BETWEEN 1 AND 80),
  url_icona  text NOT NULL DEFAULT '',
  ordine     integer NOT NULL DEFAULT 0
);
INSERT INTO conv_categories (id, nome, ordine) VALUES
  (8, 'Fornitori aziendali', 80),
  (11, 'Fornitori speciali', 110);

-- Italian provinces the suppliers are in (sigla as in addresses, nome shown as prov_name).
CREATE TABLE conv_provinces (
  sigla  text PRIMARY KEY CHECK (sigla ~ '^[A-Z]{2}$'),
  nome   text NOT NULL CHECK (length(nome) BETWEEN 1 AND 60)
);

-- A supplier or a consortium (is_consorzio). company_id: a company supplier (category 8), shown only to
-- that company's employees. api_key_hash: SHA-256 (hex) of the supplier's API key, with which it redeems
-- multi-use vouchers (POST riscatta_voucher); null when it has none.
CREATE TABLE conv_suppliers (
  id                   bigserial PRIMARY KEY,
  nome                 text NOT NULL CHECK (length(nome) BETWEEN 1 AND 120),
  cognome              text NOT NULL DEFAULT '' CHECK (length(cognome) <= 120),
  logo_url             text NOT NULL DEFAULT '',
  indirizzo            text NOT NULL DEFAULT '',
  comune               text NOT NULL DEFAULT '',
  cap                  text NOT NULL DEFAULT '' CHECK (cap = '' OR cap ~ '^[0-9]{5}$'),
  provincia            text REFERENCES conv_provinces (sigla),
  tel                  text NOT NULL DEFAULT '',
  email                text NOT NULL DEFAULT '',
  sito_web             text NOT NULL DEFAULT '',
  descrizione          text NOT NULL DEFAULT '',
  id_categoria         integer NOT NULL REFERENCES conv_categories (id),
  id_categ_servizio    integer NOT NULL DEFAULT 0,
  nome_categ_servizio  text NOT NULL DEFAULT '',
  is_consorzio         boolean NOT NULL DEFAULT false,
  company_id           bigint REFERENCES companies (id_azienda),
  api_key_hash         text UNIQUE CHECK (api_key_hash ~ '^[0-9a-f]{64}$'),
  rif_esterno          text UNIQUE,
  CHECK (company_id IS NULL OR id_categoria = 8)
);
CREATE INDEX conv_suppliers_category_idx ON conv_suppliers (id_categoria, nome);

-- Suppliers affiliated to a consortium: where its multi-use vouchers can be spent.
CREATE TABLE conv_consortium_affiliates (
  id_consorzio  bigint NOT NULL REFERENCES conv_suppliers (id),
  id_fornitore  bigint NOT NULL REFERENCES conv_suppliers (id),
  PRIMARY KEY (id_consorzio, id_fornitore),
  CHECK (id_consorzio <> id_fornitore)
);
CREATE INDEX conv_consortium_affiliates_supplier_idx ON conv_consortium_affiliates (id_fornitore);

-- Articles of a supplier's showcase. template: the page's template by name (002 §2.3); any other name
-- is kept and the portal shows 'Template non trovato'. disponibilita_max: units still on sale.
CREATE TABLE conv_articles (
  id                bigserial PRIMARY KEY,
  id_fornitore      bigint NOT NULL REFERENCES conv_suppliers (id),
  descrizione       text NOT NULL CHECK (length(descrizione) BETWEEN 1 AND 200),
  prezzo_unitario   bigint NOT NULL CHECK (prezzo_unitario > 0),
  sconto            smallint NOT NULL DEFAULT 0 CHECK (sconto BETWEEN 0 AND 99),
  disponibilita_max integer NOT NULL DEFAULT 0 CHECK (disponibilita_max >= 0),
  fruizione         text NOT NULL DEFAULT '',
  altre_info        text NOT NULL DEFAULT '',
  sito_web          text NOT NULL DEFAULT '',
  codice_articolo   text NOT NULL CHECK (length(codice_articolo) BETWEEN 1 AND 40),
  template          text NOT NULL DEFAULT 'tmpl_default',
  rif_esterno       text UNIQUE,
  UNIQUE (id_fornitore, codice_articolo)
);
CREATE INDEX conv_articles_supplier_idx ON conv_articles (id_fornitore, id);

CREATE TABLE conv_article_images (
  id_articolo  bigint NOT NULL REFERENCES conv_articles (id),
  posizione    smallint NOT NULL CHECK (posizione BETWEEN 1 AND 20),
  web_url      text NOT NULL,
  PRIMARY KEY (id_articolo, posizione)
);

-- A consortium's multi-use voucher, made by a purchase paid from art51c3 (the ledger's purchase row).
-- credito_residuo only goes down, by redemptions (voucher_credito_log), never below zero.
CREATE TABLE voucher_multiuso (
  id                bigserial PRIMARY KEY,
  id_acquisto       bigint NOT NULL UNIQUE REFERENCES purchases (id),
  user_id           bigint NOT NULL REFERENCES users (id),
  id_consorzio      bigint NOT NULL REFERENCES conv_suppliers (id),
  codice            text NOT NULL UNIQUE CHECK (codice ~ '^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$'),
  data_produzione   date NOT NULL,
  data_scadenza     date NOT NULL,
  credito_iniziale  bigint NOT NULL CHECK (credito_iniziale > 0),
  credito_residuo   bigint NOT NULL CHECK (credito_residuo >= 0 AND credito_residuo <= credito_iniziale),
  CHECK (data_scadenza >= data_produzione)
);
CREATE INDEX voucher_multiuso_user_idx ON voucher_multiuso (user_id, id DESC);

-- Each redemption of a voucher at a supplier (append-only).
CREATE TABLE voucher_credito_log (
  id              bigserial PRIMARY KEY,
  voucher_id      bigint NOT NULL REFERENCES voucher_multiuso (id),
  id_fornitore    bigint NOT NULL REFERENCES conv_suppliers (id),
  credito_scalato bigint NOT NULL CHECK (credito_scalato > 0),
  data_movimento  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voucher_credito_log_voucher_idx ON voucher_credito_log (voucher_id, data_movimento);
CREATE TRIGGER voucher_credito_log_append_only BEFORE UPDATE OR DELETE ON voucher_credito_log
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

-- The identifying PIN (002 §2.6): argon2id of the digits; a new one replaces the old. failed_attempts
-- counts wrong PINs given at a redemption since the PIN was made; at the limit the PIN is blocked.
CREATE TABLE user_pins (
  user_id          bigint PRIMARY KEY REFERENCES users (id),
  pin_hash         text NOT NULL,
  created          timestamptz NOT NULL DEFAULT now(),
  failed_attempts  integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0)
);

-- The conventions disclaimer accepted (002 §2.1: conv_special_agreed).
CREATE TABLE conv_special_agreements (
  user_id  bigint PRIMARY KEY REFERENCES users (id),
  agreed   timestamptz NOT NULL DEFAULT now()
);

-- Showcases (issue 13, spec 001 §2, §3, §7): the voucher retailers and their products, the fuel cards,
-- the mutual-aid (Eurete) sections and products, the agreement to the mutual-aid disclaimer, and the
-- codes delivered with a purchased voucher or card.

-- Voucher retailers (001 §3 "Voucher retailer": RetailerId, Name, ImageUrl) and their descriptions.
CREATE TABLE aml_retailers (
  id                 bigserial PRIMARY KEY,
  name               text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 120),
  image_url          text NOT NULL DEFAULT '',
  short_description  text NOT NULL DEFAULT '',
  long_description   text NOT NULL DEFAULT '',
  position           integer NOT NULL DEFAULT 0
);
CREATE INDEX aml_retailers_order_idx ON aml_retailers (position, name, id);

-- Voucher products (001 §3 "Voucher product"); a showcase page is one retailer's, sorted by price,
-- searched by name: the (retailer, price, id) index serves the page, the trigram index the search.
CREATE TABLE aml_products (
  id            bigserial PRIMARY KEY,
  product_code  text NOT NULL UNIQUE CHECK (length(product_code) BETWEEN 1 AND 60),
  retailer_id   bigint NOT NULL REFERENCES aml_retailers (id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  price         bigint NOT NULL CHECK (price > 0),
  image_url     text NOT NULL DEFAULT ''
);
CREATE INDEX aml_products_page_idx ON aml_products (retailer_id, price, id);
CREATE INDEX aml_products_name_trgm_idx ON aml_products USING gin (name gin_trgm_ops);

-- Fuel cards (001 §2 "Fuel bonus"): the denominations on offer.
CREATE TABLE fuel_cards (
  id            bigserial PRIMARY KEY,
  product_code  text NOT NULL UNIQUE CHECK (length(product_code) BETWEEN 1 AND 60),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  price         bigint NOT NULL CHECK (price > 0),
  image_url     text NOT NULL DEFAULT ''
);

-- Mutual-aid sections (001 §3: slug_name, nome, descrizione HTML, icona) under a category (53).
CREATE TABLE eurete_sections (
  id         bigserial PRIMARY KEY,
  slug_name  text NOT NULL UNIQUE CHECK (slug_name ~ '^[a-z0-9_-]{1,80}$'),
  nome       text NOT NULL CHECK (length(nome) BETWEEN 1 AND 120),
  descrizione text NOT NULL DEFAULT '',
  icona      text NOT NULL DEFAULT '',
  id_categ   integer NOT NULL,
  position   integer NOT NULL DEFAULT 0
);

-- Mutual-aid products (001 §3: nome, costo, descrizione, icona, slug_name, url_scheda, url_regolamento).
CREATE TABLE eurete_products (
  id               bigserial PRIMARY KEY,
  slug_name        text NOT NULL UNIQUE CHECK (slug_name ~ '^[a-z0-9_-]{1,80}$'),
  section_id       bigint NOT NULL REFERENCES eurete_sections (id) ON DELETE CASCADE,
  nome             text NOT NULL CHECK (length(nome) BETWEEN 1 AND 200),
  costo            bigint NOT NULL CHECK (costo > 0),
  descrizione      text NOT NULL DEFAULT '',
  icona            text NOT NULL DEFAULT '',
  url_scheda       text NOT NULL DEFAULT '',
  url_regolamento  text NOT NULL DEFAULT ''
);
CREATE INDEX eurete_products_page_idx ON eurete_products (section_id, costo, id);

-- The mutual-aid disclaimer accepted (001 §2: kept in the session and on the server).
CREATE TABLE eurete_agreements (
  user_id      bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  accepted_at  timestamptz NOT NULL DEFAULT now()
);

-- What a purchase delivered (issue 13 "What the user gets"): a unique random code, readable only by
-- the purchase's owner (the calls check user_id).
CREATE TABLE delivered_codes (
  id            bigserial PRIMARY KEY,
  purchase_id   bigint NOT NULL UNIQUE REFERENCES purchases (id) ON DELETE CASCADE,
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code          text NOT NULL UNIQUE CHECK (length(code) BETWEEN 12 AND 40),
  product_code  text NOT NULL,
  product_name  text NOT NULL,
  istruzioni    text NOT NULL,
  created       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivered_codes_user_idx ON delivered_codes (user_id, created);

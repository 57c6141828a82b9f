-- Voucher code stocks (issue 24, "The outside world"): the codes a purchase with `delivers` hands out
-- are the suppliers' codes the provider loads (`npm run admin -- voucher-codes-load FILE.csv`), one
-- stock per purchase declaration and product (a catalogue's product code, or the denomination of a
-- purchase by cuts). A purchase takes one free, unexpired code inside the debit's transaction
-- (FOR UPDATE SKIP LOCKED: two buyers never get the same code, and neither waits for the other).
CREATE TABLE voucher_codes (
  id           bigserial PRIMARY KEY,
  acquisto     text NOT NULL CHECK (acquisto ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  prodotto     text NOT NULL CHECK (length(prodotto) BETWEEN 1 AND 100),
  code         text NOT NULL CHECK (length(code) BETWEEN 4 AND 200),
  expires_on   date,
  -- The file it came from, for the operator's listing.
  source       text NOT NULL,
  loaded_at    timestamptz NOT NULL DEFAULT now(),
  purchase_id  bigint UNIQUE REFERENCES purchases (id) ON DELETE RESTRICT,
  taken_at     timestamptz,
  UNIQUE (acquisto, code),
  CHECK ((purchase_id IS NULL) = (taken_at IS NULL))
);
CREATE INDEX voucher_codes_free_idx ON voucher_codes (acquisto, prodotto, expires_on, id)
  WHERE purchase_id IS NULL;

-- One warning per stock that fell below its level; a load that lifts it above the level clears it.
CREATE TABLE voucher_stock_alerts (
  acquisto    text NOT NULL,
  prodotto    text NOT NULL,
  alerted_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (acquisto, prodotto)
);

-- A supplier's code is not ours to shape: any length from 4 to 200, unique per stock (above), and it
-- may expire.
ALTER TABLE delivered_codes DROP CONSTRAINT delivered_codes_code_key;
ALTER TABLE delivered_codes DROP CONSTRAINT delivered_codes_code_check;
ALTER TABLE delivered_codes ADD CONSTRAINT delivered_codes_code_check CHECK (length(code) BETWEEN 4 AND 200);
ALTER TABLE delivered_codes ADD COLUMN expires_on date;

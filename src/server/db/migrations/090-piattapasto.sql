-- Piattapasto, the meal-voucher orders of the referent back office (spec 002 §2.8, §3, §4.1, §5, §7;
-- issue 17).
--
-- Settings of a company: the voucher's value (cents), its VAT (tenths of a percent: 0 or 40; repas
-- only), the company's client code at the supplier (not for toduba) and the supplier. A supplier
-- outside the known three may be found here (written by an operator or an older system): the portal
-- then keeps its menu disabled and logs it (002 §4.1).
CREATE TABLE piattapasto_settings (
  company_id      bigint PRIMARY KEY REFERENCES companies (id_azienda),
  valore_buono    bigint CHECK (valore_buono > 0),
  iva_buono       smallint CHECK (iva_buono IN (0, 40)),
  codice_cliente  text CHECK (length(codice_cliente) BETWEEN 1 AND 50),
  fornitore       text CHECK (length(fornitore) BETWEEN 1 AND 50),
  updated_by      bigint REFERENCES users (id),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- An order: made from an uploaded CSV (TO_VALIDATE), confirmed (VALID), then sent to the supplier by a
-- job (STARTED -> COMPLETED, or ERROR with the users the supplier refused in json_error_detail and/or a
-- supplier-level error in forn_error). The settings are copied in when the order is made, so a later
-- change of settings does not change an order under review or on its way.
CREATE TABLE piattapasto_orders (
  id                 bigserial PRIMARY KEY,
  company_id         bigint NOT NULL REFERENCES companies (id_azienda),
  created_by         bigint NOT NULL REFERENCES users (id),
  created            timestamptz NOT NULL DEFAULT now(),
  status             text NOT NULL DEFAULT 'TO_VALIDATE'
                       CHECK (status IN ('TO_VALIDATE', 'VALID', 'STARTED', 'COMPLETED', 'ERROR')),
  fornitore          text NOT NULL,
  codice_cliente     text,
  valore_buono       bigint NOT NULL CHECK (valore_buono > 0),
  iva_buono          smallint,
  file_name          text NOT NULL,
  confirmed_by       bigint REFERENCES users (id),
  confirmed_at       timestamptz,
  start_time         timestamptz,
  stop_time          timestamptz,
  -- [{email, nome, errore}] of the users the supplier refused.
  json_error_detail  jsonb NOT NULL DEFAULT '[]'::jsonb,
  forn_error         text,
  -- When the order was handed to the supplier (set before the call): a job run again after a crash
  -- asks the supplier what became of it instead of sending it again.
  sent_at            timestamptz,
  -- The supplier's reference of the order, once it has been accepted.
  rif_fornitore      text,
  -- Natural key of seeded orders: a second seed run adds nothing.
  rif_esterno        text,
  CHECK ((status IN ('COMPLETED', 'ERROR')) = (stop_time IS NOT NULL)),
  UNIQUE (company_id, rif_esterno)
);
CREATE INDEX piattapasto_orders_company_idx ON piattapasto_orders (company_id, created DESC, id DESC);
-- The orders a job still has to send (VALID, or STARTED and interrupted).
CREATE INDEX piattapasto_orders_pending_idx ON piattapasto_orders (id) WHERE status IN ('VALID', 'STARTED');

-- The rows of an order (json_data): one per employee with vouchers; deleted with a cancelled order.
CREATE TABLE piattapasto_order_rows (
  order_id    bigint NOT NULL REFERENCES piattapasto_orders (id) ON DELETE CASCADE,
  riga        integer NOT NULL CHECK (riga >= 1),
  user_id     bigint NOT NULL REFERENCES users (id),
  nome        text NOT NULL,
  email       text NOT NULL,
  nbuoni      integer NOT NULL CHECK (nbuoni > 0),
  val_buoni   bigint NOT NULL CHECK (val_buoni > 0),
  PRIMARY KEY (order_id, riga),
  UNIQUE (order_id, user_id)
);

-- Demo mode's simulated meal-voucher supplier (the outside world, services/meal-voucher-supplier.ts):
-- what it received, by the sender's order reference; it answers what became of a reference, and a
-- second delivery of the same one answers the first outcome and issues nothing twice (times_received).
CREATE TABLE demo_meal_voucher_orders (
  rif_ordine      text PRIMARY KEY,
  fornitore       text NOT NULL,
  codice_cliente  text,
  rif_fornitore   text NOT NULL,
  esito           jsonb NOT NULL,
  buoni_emessi    integer NOT NULL CHECK (buoni_emessi >= 0),
  times_received  integer NOT NULL DEFAULT 1,
  received_at     timestamptz NOT NULL DEFAULT now()
);

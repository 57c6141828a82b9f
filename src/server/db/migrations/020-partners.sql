-- Partner hand-offs (ARCHITECTURE.md §5): one row per `enc_data` made for a user. The partner names the
-- row's nonce when it charges the user's credit back (POST /api/partner_charge), so a partner can charge
-- only users it was handed, only the balance on offer, and only within the charge window.
CREATE TABLE partner_handoffs (
  id            bigserial PRIMARY KEY,
  nonce         text NOT NULL UNIQUE CHECK (length(nonce) BETWEEN 16 AND 64),
  provider      text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  route_name    text NOT NULL CHECK (length(route_name) BETWEEN 1 AND 80),
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comp_credito  text NOT NULL CHECK (comp_credito IN ('totale', 'art51c3')),
  created       timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  charge_until  timestamptz NOT NULL
);
CREATE INDEX partner_handoffs_user_idx ON partner_handoffs (user_id, created);

-- Sign-in (ARCHITECTURE.md §5, §7): password history, failed logins, check tokens with their e-mail
-- codes and pending TOTP secrets, password reset links and the single-use nonces of signed links.
-- Every secret handed to a client (check token, reset token) is stored only as its hex SHA-256.

-- Last TOTP time step accepted for the user: a later code must belong to a later step.
ALTER TABLE users ADD COLUMN totp_last_step bigint;

-- Every password hash set (current included): a new password must differ from the last 5.
CREATE TABLE password_history (
  id             bigserial PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users (id),
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_user_idx ON password_history (user_id, id);

-- Failed sign-in attempts per account (hex SHA-256 of the lower-case e-mail, known or not, so that
-- unknown and known accounts are limited alike): at most 10 in 15 minutes.
CREATE TABLE login_failures (
  id          bigserial PRIMARY KEY,
  account     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_idx ON login_failures (account, created_at);
CREATE INDEX login_failures_created_idx ON login_failures (created_at);

-- Check tokens between the password step and the code step: short-lived, bound to a user and a
-- purpose, at most 5 wrong codes each, used once.
CREATE TABLE login_tickets (
  id               bigserial PRIMARY KEY,
  token_hash       text NOT NULL UNIQUE,
  user_id          bigint NOT NULL REFERENCES users (id),
  purpose          text NOT NULL CHECK (purpose IN ('auth_otp', 'mail_otp', 'enroll', 'enroll_confirm')),
  -- E-mail code: hex SHA-256 of '<check token>:<code>' (the raw check token is never stored).
  code_hash        text,
  -- TOTP secret being enrolled (enroll_confirm), activated by api-token-confirm.
  pending_secret   text,
  sso_provider     text,
  failed_attempts  integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  used_at          timestamptz
);
CREATE INDEX login_tickets_user_idx ON login_tickets (user_id);
CREATE INDEX login_tickets_created_idx ON login_tickets (created_at);

-- Password reset links (lost or expired password): the link carries a random token, the table its
-- hash; valid 1 hour, used once, at most 5 wrong second factors.
CREATE TABLE password_resets (
  id               bigserial PRIMARY KEY,
  token_hash       text NOT NULL UNIQUE,
  user_id          bigint NOT NULL REFERENCES users (id),
  kind             text NOT NULL CHECK (kind IN ('lost', 'expired')),
  failed_attempts  integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  used_at          timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);
CREATE INDEX password_resets_created_idx ON password_resets (created_at);

-- Nonces of signed links already used (SSO tokens, reconnection and token-login tickets).
CREATE TABLE used_nonces (
  nonce       text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX used_nonces_expires_idx ON used_nonces (expires_at);

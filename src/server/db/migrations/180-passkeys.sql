-- Passkeys (WebAuthn) as second factor (issue 28): a signed-in user registers one or more passkeys
-- from the profile and may then sign in with one instead of the TOTP or e-mail code.

-- Whether a session was opened through a second factor (a code or a passkey), not through a signed
-- link (back-office reconnection, token login): only such a session may register a passkey.
ALTER TABLE sessions ADD COLUMN second_factor boolean NOT NULL DEFAULT false;

-- The user's credentials: the credential id (base64url, unique across users), the COSE public key,
-- the signature counter (checked at every assertion), the transports, the user's name for it.
CREATE TABLE passkeys (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id   text NOT NULL UNIQUE
                    CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND char_length(credential_id) BETWEEN 16 AND 1366),
  public_key      bytea NOT NULL,
  counter         bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports      text[] NOT NULL DEFAULT '{}',
  name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_used_at    timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id, id);

-- Challenges handed to the browser, kept server-side: bound to the login ticket (sign-in) or to the
-- session (registration) and its user, valid 5 minutes, used once.
CREATE TABLE passkey_challenges (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ticket_id   bigint REFERENCES login_tickets (id) ON DELETE CASCADE,
  session_id  bigint REFERENCES sessions (id) ON DELETE CASCADE,
  challenge   text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz,
  CHECK ((ticket_id IS NULL) <> (session_id IS NULL))
);
CREATE INDEX passkey_challenges_created_idx ON passkey_challenges (created_at);
CREATE INDEX passkey_challenges_ticket_idx ON passkey_challenges (ticket_id);
CREATE INDEX passkey_challenges_session_idx ON passkey_challenges (session_id);

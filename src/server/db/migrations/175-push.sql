-- Web push of the installed portal (issue 28): each device where a user turned push on (its push
-- service endpoint and keys, the browser's user agent), and which kinds of notice the user wants pushed.

-- One row per browser subscription. The endpoint is unique: a device's subscription belongs to the
-- last user who turned push on there. Removed when the user turns push off on that device, or when
-- the push service answers 404 or 410 (the subscription is gone).
CREATE TABLE push_subscriptions (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint    text NOT NULL UNIQUE CHECK (endpoint ~ '^https?://' AND char_length(endpoint) <= 2048),
  p256dh      text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]{80,100}$'),
  auth        text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{16,32}$'),
  user_agent  text CHECK (char_length(user_agent) <= 512),
  created     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, id);

-- The kinds the user wants pushed (a user without a row wants them all): reminders of expiring
-- credit, decisions on requests, internal messages.
CREATE TABLE push_preferences (
  user_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  promemoria  boolean NOT NULL DEFAULT true,
  richieste   boolean NOT NULL DEFAULT true,
  messaggi    boolean NOT NULL DEFAULT true,
  updated     timestamptz NOT NULL DEFAULT now()
);

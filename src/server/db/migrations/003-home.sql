-- Home (spec 000 §2, 002 §3, §4.3): the info popup per customer, the carousel slides with their
-- declared actions and their clicks, and the indexes of the notifications inbox and its archive
-- (the tables themselves are in 001: notifications, notification_recipients).

-- One info popup per customer: HTML as operators wrote it (the portal sanitizes it when it shows
-- it). No row, or blank content, means no popup.
CREATE TABLE info_popups (
  customer_id  bigint PRIMARY KEY REFERENCES customers (id),
  content      text NOT NULL CHECK (length(content) <= 20000),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Carousel slides of a customer, shown by position. The action is one of the declared types of
-- config/carousel-actions.ts (the CHECK mirrors that list; a new type needs a migration too), never
-- code: a route name (navigate, partner), a tree- menu key (subsection), or nothing (none).
CREATE TABLE carousel_slides (
  id             bigserial PRIMARY KEY,
  customer_id    bigint NOT NULL REFERENCES customers (id),
  position       integer NOT NULL DEFAULT 0,
  -- An image of the server's carousel folder (src/server/assets/carousel/).
  file_name      text NOT NULL CHECK (file_name ~ '^[a-z0-9][a-z0-9-]{0,62}\.svg$'),
  -- Headline of the image, used as its alternative text.
  title          text NOT NULL DEFAULT '' CHECK (length(title) <= 200),
  action_type    text NOT NULL CHECK (action_type IN ('navigate', 'partner', 'subsection', 'none')),
  action_target  text CHECK (length(action_target) <= 100),
  active         boolean NOT NULL DEFAULT true,
  -- Natural key for seeded or imported slides.
  rif_esterno    text UNIQUE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((action_type = 'none') = (action_target IS NULL))
);
CREATE INDEX carousel_slides_customer_idx ON carousel_slides (customer_id, position, id);

-- Every click on a slide, per user, with its instant.
CREATE TABLE carousel_clicks (
  id          bigserial PRIMARY KEY,
  slide_id    bigint NOT NULL REFERENCES carousel_slides (id),
  user_id     bigint NOT NULL REFERENCES users (id),
  -- The action token came with the click and was verified (false: counted without a token).
  with_action boolean NOT NULL DEFAULT false,
  clicked_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carousel_clicks_slide_idx ON carousel_clicks (slide_id, user_id, clicked_at);
CREATE INDEX carousel_clicks_user_idx ON carousel_clicks (user_id);

-- Notifications inbox and archive: a received message is archived per recipient
-- (notification_recipients.archived), a sent one for its sender (notifications.sender_archived).
-- The inbox and the archive page newest first.
CREATE INDEX notification_recipients_inbox_idx
  ON notification_recipients (user_id, archived, conferma_lettura);
CREATE INDEX notifications_sender_idx ON notifications (sender_user_id, sender_archived, created DESC);

-- Support and content pages (spec 002 §2.7, §3, §5, §7; issue 15).
--
-- Support tickets: each request sent from site-assistenza is kept with its number. The number comes
-- from a sequence, so requests sent at the same moment (several instances, one database) never share
-- one; the UNIQUE constraint says so to the database too.
CREATE SEQUENCE support_ticket_numbers START 1000;
CREATE TABLE support_tickets (
  id           bigserial PRIMARY KEY,
  numero       bigint NOT NULL UNIQUE DEFAULT nextval('support_ticket_numbers'),
  user_id      bigint NOT NULL REFERENCES users (id),
  tel          text NOT NULL CHECK (length(tel) BETWEEN 6 AND 30),
  n_richiesta  bigint CHECK (n_richiesta > 0),
  categoria    text NOT NULL CHECK (categoria ~ '^[a-z0-9-]{1,64}$'),
  messaggio    text NOT NULL CHECK (length(messaggio) BETWEEN 1 AND 5000),
  created      timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE support_ticket_numbers OWNED BY support_tickets.numero;
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created);

-- The files attached to a ticket: stored like the documents (generated names, outside served folders).
CREATE TABLE support_ticket_files (
  id           bigserial PRIMARY KEY,
  ticket_id    bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  nome_file    text NOT NULL CHECK (length(nome_file) BETWEEN 1 AND 200),
  stored_name  text NOT NULL CHECK (stored_name ~ '^[a-z0-9-]{8,80}$'),
  size         integer NOT NULL CHECK (size > 0 AND size <= 3145728),
  mime         text NOT NULL CHECK (mime IN ('application/pdf', 'image/jpeg', 'image/png'))
);
CREATE INDEX support_ticket_files_ticket_idx ON support_ticket_files (ticket_id);

-- Attachments of the mails kept in the outbox (no SMTP): the support mail carries the user's files.
CREATE TABLE outbox_attachments (
  id            bigserial PRIMARY KEY,
  outbox_id     bigint NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
  filename      text NOT NULL,
  content_type  text NOT NULL,
  content       bytea NOT NULL
);
CREATE INDEX outbox_attachments_outbox_idx ON outbox_attachments (outbox_id);

-- Tutorial videos may be served by this server (a path such as /media/tutorial-demo.webm: the demo's
-- videos play without internet) as well as from an https address.
ALTER TABLE static_links DROP CONSTRAINT IF EXISTS static_links_url_check;
ALTER TABLE static_links ADD CONSTRAINT static_links_url_check CHECK (url ~ '^(https://|/[a-z0-9])');

-- The version of the service conditions and privacy notice a user accepted (config/content-pages):
-- a newer version asks for the consent again. Rows written before versions existed accepted the first.
ALTER TABLE user_privacy ADD COLUMN conditions_version text NOT NULL DEFAULT '2026-01';

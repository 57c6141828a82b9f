-- The transactional outbox (issue 27): every mail is first a row of `outbox`, written in the
-- transaction of the change that decided it (a crash after the commit cannot lose it, a rollback
-- sends nothing), then sent by the dispatcher of plugins/mail.ts when SMTP_URL is set:
--   kept     no SMTP: the row is the mail (read at /dev/mailbox in demo mode), as before;
--   pending  waiting to be sent (again, after a failure: next_attempt_at, doubling);
--   sending  claimed by an instance, which sends it and marks it sent. A crash between the two leaves
--            it here: it is sent again only once the idempotency window since the claim has passed,
--            so the same mail never reaches its address twice within the window;
--   sent     delivered to the SMTP server (its text and attachments cleared: codes and links do not
--            stay in the database);
--   failed   refused every attempt (logged, counted by the metrics).
ALTER TABLE outbox
  ADD COLUMN state text NOT NULL DEFAULT 'kept'
    CHECK (state IN ('kept', 'pending', 'sending', 'sent', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN claimed_at timestamptz,
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN last_error text;

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at, id) WHERE state IN ('pending', 'sending');

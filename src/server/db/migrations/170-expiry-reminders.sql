-- Reminders of expiring credit (issue 28, services/expiry-reminders.ts): what the daily job has sent,
-- each written in the transaction of the notification it records, so a reminder goes out once
-- whatever the number of runs, instances or days late.

-- One row per credit line and threshold (days before the expiry, config/reminders.ts) that was sent,
-- or covered: a run late past several thresholds sends the nearest and marks the earlier ones
-- (`notification_id` null) so they are never sent after it.
CREATE TABLE credit_expiry_reminders (
  credit_line_id   bigint NOT NULL REFERENCES credit_lines (id) ON DELETE CASCADE,
  threshold_days   integer NOT NULL CHECK (threshold_days >= 0),
  notification_id  bigint REFERENCES notifications (id) ON DELETE SET NULL,
  sent_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (credit_line_id, threshold_days)
);

-- One weekly summary per referent and ISO week ('2026-W48', the week of the Rome day of the run).
CREATE TABLE referent_expiry_summaries (
  user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  iso_week         text NOT NULL CHECK (iso_week ~ '^\d{4}-W\d{2}$'),
  notification_id  bigint REFERENCES notifications (id) ON DELETE SET NULL,
  sent_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, iso_week)
);

-- The Rome days whose run was queued: each instance's timer tries to claim the day, one wins and
-- queues the job (pg-boss's own cron is off, services/jobs.ts); `done_at` once the run finished (a day
-- left unfinished for an hour may be claimed again).
CREATE TABLE expiry_reminder_runs (
  day        date PRIMARY KEY,
  queued_at  timestamptz NOT NULL DEFAULT now(),
  done_at    timestamptz
);

-- The job's read: spendable lines by expiry.
CREATE INDEX credit_lines_expiry_idx ON credit_lines (data_scadenza) WHERE credito_spendibile > 0;

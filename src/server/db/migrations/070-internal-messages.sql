-- Internal messaging of the referent back office (spec 002 §2.8, §5, §7; issue 17).
--
-- A message a referent sends to employees is a notification (the inbox of every recipient); it also
-- belongs to the company the referent acted for, so that the back office lists what the company sent
-- (whoever of its referents sent it). Null for every other notification.
ALTER TABLE notifications ADD COLUMN sender_company_id bigint REFERENCES companies (id_azienda);
CREATE INDEX notifications_sender_company_idx
  ON notifications (sender_company_id, sender_archived, created DESC)
  WHERE sender_company_id IS NOT NULL;

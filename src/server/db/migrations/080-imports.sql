-- Bulk credit import (issue 17; spec 002 §2.10, §3, §4.2, §5, §7): one row per uploaded file of a
-- company. The files live on disk outside any served folder under generated names (input_stored,
-- output_stored: the output is the input with a result column per row); the names people see are
-- input_filename / output_filename. Status moves only by guarded UPDATEs (services/imports.ts):
-- IN_QUEUE -> IN_PROGRESS -> VALIDATION_FAILED | VALIDATION_COMPLETED | VALIDATION_COMPLETED_WITH_WARNINGS;
-- VALIDATION_COMPLETED -> CANCELLED_BY_COMPANY_REFERENT (the referent); validated -> REJECTED_BY_BACKOFFICE
-- or ACCEPTED_BY_BACKOFFICE (the operator) -> IMPORTED_SUCCESSFULLY | IMPORT_FAILED (the import job).
CREATE TABLE import_jobs (
  id              bigserial PRIMARY KEY,
  company_id      bigint NOT NULL REFERENCES companies (id_azienda),
  uploaded_by     bigint NOT NULL REFERENCES users (id),
  status          text NOT NULL DEFAULT 'IN_QUEUE' CHECK (status IN (
                    'IN_QUEUE', 'IN_PROGRESS', 'VALIDATION_FAILED', 'VALIDATION_COMPLETED',
                    'VALIDATION_COMPLETED_WITH_WARNINGS', 'CANCELLED_BY_COMPANY_REFERENT',
                    'REJECTED_BY_BACKOFFICE', 'ACCEPTED_BY_BACKOFFICE', 'IMPORTED_SUCCESSFULLY',
                    'IMPORT_FAILED')),
  input_filename  text NOT NULL,
  input_stored    text NOT NULL,
  output_filename text,
  output_stored   text,
  note            text NOT NULL DEFAULT '',
  -- Validation runs started (a job may run again after a crash; two instances never run it at once).
  attempts        integer NOT NULL DEFAULT 0,
  rows_total      integer,
  rows_with_errors integer,
  rows_with_warnings integer,
  -- What the import wrote (IMPORTED_SUCCESSFULLY): employees created and updated, credit lines.
  users_created   integer,
  users_updated   integer,
  credit_lines    integer,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_jobs_company_idx ON import_jobs (company_id, id DESC);

-- The employment data an import brings (Tipo contratto, Inquadramento, Impiegato dal / al).
CREATE TABLE employee_contracts (
  user_id         bigint PRIMARY KEY REFERENCES users (id),
  tipo_contratto  text NOT NULL,
  inquadramento   text NOT NULL,
  impiegato_dal   date NOT NULL,
  impiegato_al    date NOT NULL,
  import_job_id   bigint REFERENCES import_jobs (id),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

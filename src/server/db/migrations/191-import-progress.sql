-- An import applied in batches (issue 27, the embedded database: services/imports.ts
-- `applyImportInBatches`): each batch commits with the number of the sheet's last row it applied, so
-- a run cut off resumes after it. 0: nothing applied yet. The counts of the job (users_created,
-- users_updated, credit_lines) grow with each batch.
ALTER TABLE import_jobs ADD COLUMN applied_through integer NOT NULL DEFAULT 0;

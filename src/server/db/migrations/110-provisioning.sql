-- Provisioning (issue 24): a company is known by its partita IVA (the provisioning document's natural
-- key) and carries its tax code. Companies made before (the demo's) have neither.
ALTER TABLE companies ADD COLUMN partita_iva text CHECK (partita_iva ~ '^[0-9]{11}$');
ALTER TABLE companies ADD COLUMN codice_fiscale text;
CREATE UNIQUE INDEX companies_partita_iva ON companies (partita_iva) WHERE partita_iva IS NOT NULL;

-- Thumbnails of the user's files ("I Miei Files", issue 28): made once, when the file is uploaded (the
-- document-thumbnail job, services/thumbnails.ts), and kept on the document's row, so the files list
-- only reads rows. `thumbnail_made` is set once the attempt is over: thumbnail null then means the file
-- could not be drawn (the portal shows the type's icon); rows not attempted yet are swept at start.
ALTER TABLE documents ADD COLUMN thumbnail bytea;
ALTER TABLE documents ADD COLUMN thumbnail_made boolean NOT NULL DEFAULT false;
CREATE INDEX documents_thumbnail_pending_idx ON documents (id) WHERE NOT thumbnail_made AND deleted_at IS NULL;

-- Movements' oggetto and soggetto (issue 28): everywhere oggetto is what was bought and soggetto who sells
-- it. Partner purchases had them the other way round (the item as soggetto, the portal as oggetto), and
-- the showcase's articles and multi-use vouchers named the employee as soggetto (a company's view showed
-- the employee twice). Existing rows follow the rule too: a purchase and its own debit movement (same
-- oggetto and soggetto; a reversal has its own). The one update of movements, inside this migration.
CREATE TEMPORARY TABLE subject_fixes ON COMMIT DROP AS
SELECT p.id, p.oggetto AS old_oggetto, p.soggetto AS old_soggetto,
       CASE WHEN p.payload ? 'nonce' THEN p.soggetto ELSE p.oggetto END AS oggetto,
       CASE WHEN p.payload ? 'nonce' THEN p.oggetto
            ELSE coalesce(nullif(trim(s.nome || ' ' || s.cognome), ''), p.soggetto) END AS soggetto
  FROM purchases AS p
  LEFT JOIN conv_suppliers AS s
    ON s.id = CASE
      WHEN p.payload->>'acquisto' = 'buono-consorzio' AND p.payload->>'id_consorzio' ~ '^[0-9]{1,18}$'
        THEN (p.payload->>'id_consorzio')::bigint
      WHEN p.payload->>'acquisto' = 'articolo' AND p.payload->>'id_fornitore' ~ '^[0-9]{1,18}$'
        THEN (p.payload->>'id_fornitore')::bigint
    END
 WHERE (p.payload ? 'nonce' AND p.payload ? 'partner' AND p.payload ? 'prodotto')
    OR p.payload->>'acquisto' IN ('buono-consorzio', 'articolo');

ALTER TABLE movements DISABLE TRIGGER movements_append_only;
UPDATE movements AS m SET oggetto = f.oggetto, soggetto = f.soggetto
  FROM subject_fixes AS f
 WHERE m.id_acquisto = f.id AND m.oggetto = f.old_oggetto AND m.soggetto = f.old_soggetto;
ALTER TABLE movements ENABLE TRIGGER movements_append_only;
UPDATE purchases AS p SET oggetto = f.oggetto, soggetto = f.soggetto FROM subject_fixes AS f WHERE p.id = f.id;
DROP TABLE subject_fixes;

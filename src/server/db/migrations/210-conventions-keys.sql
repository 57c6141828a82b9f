-- The conventions network as installation content (issue 24): `npm run admin -- conventions FILE`
-- (services/conventions-loader.ts) knows a supplier or consortium by its partita IVA, an article by its
-- supplier's partita IVA and its codice_articolo (already unique per supplier). Rows the demo seed writes
-- have no partita IVA and are not the loader's. `attivo`: with --prune, a supplier, consortium or article
-- the document no longer lists but that purchases or redemptions name is hidden (false) instead of
-- removed; the sellers' read paths (services/sellers.ts) show only active ones.
ALTER TABLE conv_suppliers ADD COLUMN partita_iva text UNIQUE CHECK (partita_iva ~ '^[0-9]{11}$');
ALTER TABLE conv_suppliers ADD COLUMN attivo boolean NOT NULL DEFAULT true;
ALTER TABLE conv_articles ADD COLUMN attivo boolean NOT NULL DEFAULT true;

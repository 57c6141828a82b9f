-- The units on sale of an article the conventions document declares (issue 24's loader,
-- services/conventions-loader.ts), apart from the units left (`disponibilita_max`, which each purchase
-- takes one from). Loading the document again changes the units left only by what its declaration changed:
-- the same document after some sales leaves them sold, instead of putting them on sale again.
-- NULL on the demo seed's rows (not the loader's). The loader's existing rows take the units left as their
-- declaration: what was sold before this migration is not known.
ALTER TABLE conv_articles ADD COLUMN disponibilita_dichiarata integer CHECK (disponibilita_dichiarata >= 0);
UPDATE conv_articles a
   SET disponibilita_dichiarata = a.disponibilita_max
  FROM conv_suppliers s
 WHERE s.id = a.id_fornitore AND s.partita_iva IS NOT NULL;

-- Request forms (spec 001 §2-9) and documents (spec 000 §5 "Files", §7 Documents): document types
-- and the file kinds that offer them, kinship relations, purchase categories per form kind, the
-- user's saved beneficiaries and IBANs, suppliers, pension funds, uploaded documents and the static
-- links (tutorials, documentation).
--
-- The ids of document types, relations and categories are part of the contract (config/forms/*.ts
-- exclusion lists, relations 2, 3, 4, 8, mortgage categories 66-68), so they are fixed here rather
-- than left to the demo seed; the demo seed (seed-forms.ts) adds suppliers, funds, links and users' data.

-- Document types (GET file_kind_list/{kind}) and the file kinds (001 §3) that offer each one.
CREATE TABLE document_types (
  id    smallint PRIMARY KEY CHECK (id BETWEEN 1 AND 999),
  nome  text NOT NULL
);
CREATE TABLE document_type_kinds (
  file_kind  text NOT NULL CHECK (file_kind IN ('doc_fam', 'doc_preven', 'doc_extr_p', 'doc_pagam',
                                                'doc_acq', 'doc_extra', 'doc_rata', 'doc_loan')),
  type_id    smallint NOT NULL REFERENCES document_types (id),
  PRIMARY KEY (file_kind, type_id)
);

INSERT INTO document_types (id, nome) VALUES
  (1, 'Fattura'),
  (2, 'Bonifico bancario'),
  (3, 'Estratto conto bancario'),
  (4, 'Ricevuta di pagamento con carta'),
  (5, 'Quietanza di pagamento'),
  (6, 'Ricevuta fiscale'),
  (7, 'Scontrino parlante'),
  (8, 'Fattura elettronica (copia di cortesia)'),
  (9, 'Autocertificazione'),
  (10, 'Dichiarazione sostitutiva di atto di notorietà'),
  (11, 'Dichiarazione di residenza nell''abitazione principale'),
  (12, 'Quietanza della rata del mutuo'),
  (13, 'Modulo di richiesta firmato'),
  (14, 'Stato di famiglia'),
  (15, 'Certificato di nascita'),
  (16, 'Tessera sanitaria'),
  (17, 'Piano di ammortamento'),
  (18, 'Certificazione annuale degli interessi passivi'),
  (19, 'Preventivo'),
  (20, 'Offerta commerciale'),
  (21, 'Fattura proforma'),
  (22, 'Estratto conto del mutuo'),
  (23, 'Lettera di erogazione del mutuo'),
  (24, 'Documento di identità'),
  (25, 'Dichiarazione sostitutiva di certificazione (familiari)'),
  (26, 'Avviso di scadenza della rata'),
  (27, 'Contratto di locazione registrato'),
  (28, 'Contratto di mutuo'),
  (29, 'Ricevuta di iscrizione'),
  (30, 'Attestato di frequenza'),
  (31, 'Ricevuta di pagamento in contanti');

-- Every id excluded by an upload slot (001 §9) is offered by that slot's kind, so the exclusion is
-- real, and every slot keeps at least two types after its exclusions (tests/server/forms-reference).
INSERT INTO document_type_kinds (file_kind, type_id) VALUES
  ('doc_pagam', 2), ('doc_pagam', 3), ('doc_pagam', 4), ('doc_pagam', 5), ('doc_pagam', 31),
  ('doc_acq', 1), ('doc_acq', 6), ('doc_acq', 7), ('doc_acq', 8), ('doc_acq', 27), ('doc_acq', 28),
  ('doc_acq', 29), ('doc_acq', 30),
  ('doc_extra', 1), ('doc_extra', 2), ('doc_extra', 3), ('doc_extra', 4), ('doc_extra', 5),
  ('doc_extra', 13), ('doc_extra', 24), ('doc_extra', 31),
  ('doc_fam', 14), ('doc_fam', 15), ('doc_fam', 16), ('doc_fam', 24), ('doc_fam', 25),
  ('doc_preven', 19), ('doc_preven', 20), ('doc_preven', 21), ('doc_preven', 27), ('doc_preven', 29),
  ('doc_preven', 30),
  ('doc_extr_p', 9), ('doc_extr_p', 10), ('doc_extr_p', 11), ('doc_extr_p', 13), ('doc_extr_p', 31),
  ('doc_rata', 12), ('doc_rata', 17), ('doc_rata', 18), ('doc_rata', 22), ('doc_rata', 23), ('doc_rata', 26),
  ('doc_loan', 6), ('doc_loan', 7), ('doc_loan', 8), ('doc_loan', 17), ('doc_loan', 18), ('doc_loan', 27),
  ('doc_loan', 28);

-- Kinship relations (GET relazioni_parentali); the portal offers only 2, 3, 4, 8 (001 §3, §6).
CREATE TABLE kinship_relations (
  id    smallint PRIMARY KEY CHECK (id BETWEEN 1 AND 99),
  nome  text NOT NULL
);
INSERT INTO kinship_relations (id, nome) VALUES
  (1, 'Altro'),
  (2, 'Coniuge'),
  (3, 'Figlio/a'),
  (4, 'Genitore'),
  (5, 'Fratello/Sorella'),
  (6, 'Nonno/a'),
  (7, 'Nipote'),
  (8, 'Unito/a civilmente'),
  (9, 'Suocero/a');

-- Purchase categories per form kind (GET categorie/{kind}). The id is the `id_categ` of the payloads;
-- me_stesso: the beneficiary can only be the user. Rent/mortgage (14): 66-68 are the mortgage
-- categories that need an amortization plan, ids above 68 are rent (no plan).
CREATE TABLE purchase_categories (
  id         integer PRIMARY KEY CHECK (id > 0),
  kind       smallint NOT NULL CHECK (kind BETWEEN 1 AND 14),
  nome       text NOT NULL,
  me_stesso  boolean NOT NULL DEFAULT false,
  position   integer NOT NULL DEFAULT 0
);
CREATE INDEX purchase_categories_kind_idx ON purchase_categories (kind, position, id);

INSERT INTO purchase_categories (id, kind, nome, me_stesso, position) VALUES
  (1, 1, 'Spese mediche e sanitarie', false, 1),
  (2, 1, 'Istruzione e libri di testo', false, 2),
  (3, 1, 'Rette di asilo nido e scuola dell''infanzia', false, 3),
  (4, 1, 'Centri estivi e invernali', false, 4),
  (5, 1, 'Mense scolastiche', false, 5),
  (6, 1, 'Gite e viaggi di istruzione', false, 6),
  (7, 1, 'Assistenza familiari anziani o non autosufficienti', false, 7),
  (8, 1, 'Trasporto pubblico (abbonamenti)', true, 8),
  (9, 1, 'Attività sportive dei figli', false, 9),
  (10, 1, 'Corsi di formazione professionale', true, 10),
  (11, 1, 'Servizi di baby-sitting', false, 11),
  (20, 3, 'Interessi passivi mutuo acquisto prima casa', false, 1),
  (21, 3, 'Interessi passivi mutuo costruzione prima casa', false, 2),
  (22, 3, 'Interessi passivi mutuo ristrutturazione prima casa', false, 3),
  (30, 4, 'Corsi di lingua straniera', false, 1),
  (31, 4, 'Attività sportive e palestra', false, 2),
  (32, 4, 'Visite specialistiche e check-up', false, 3),
  (33, 4, 'Centri estivi e campus', false, 4),
  (34, 4, 'Assistenza domiciliare', false, 5),
  (35, 4, 'Corsi di musica e arte', false, 6),
  (36, 4, 'Abbonamenti a teatri e musei', true, 7),
  (37, 4, 'Viaggi e soggiorni culturali', false, 8),
  (45, 7, 'Versamento alla previdenza complementare', true, 1),
  (60, 13, 'Luce (energia elettrica)', true, 1),
  (61, 13, 'Gas', true, 2),
  (62, 13, 'Acqua', true, 3),
  (63, 13, 'Rifiuti (TARI)', true, 4),
  (64, 14, 'Spese condominiali prima casa', true, 1),
  (65, 14, 'Assicurazione casa legata al mutuo', true, 2),
  (66, 14, 'Interessi mutuo prima casa', true, 3),
  (67, 14, 'Interessi mutuo prima casa cointestato', true, 4),
  (68, 14, 'Interessi mutuo ristrutturazione prima casa', true, 5),
  (69, 14, 'Canone di locazione prima casa', true, 6),
  (70, 14, 'Canone di locazione a canone concordato', true, 7),
  (71, 14, 'Canone di locazione per studenti fuori sede', false, 8);

-- Family members the user already declared (GET beneficiari/{prefix}); filled by requests.
CREATE TABLE user_beneficiaries (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id),
  cod_fisc      text NOT NULL CHECK (cod_fisc ~ '^[A-Z0-9]{16}$'),
  nome          text NOT NULL CHECK (length(nome) BETWEEN 1 AND 120),
  id_relazione  smallint NOT NULL REFERENCES kinship_relations (id),
  created       timestamptz NOT NULL DEFAULT now(),
  updated       timestamptz NOT NULL DEFAULT now(),
  -- Also the index of the prefix search: equality on user_id, then a range on cod_fisc.
  UNIQUE (user_id, cod_fisc)
);

-- IBANs the user already gave (GET iban_utente/{prefix}); filled by requests.
CREATE TABLE user_ibans (
  id       bigserial PRIMARY KEY,
  user_id  bigint NOT NULL REFERENCES users (id),
  iban     text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'),
  created  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, iban)
);

-- Suppliers for the VAT number lookup (GET fornitori?p_iva=). A VAT number may belong to more than one
-- row (branches): the portal then says 'Impossibile trovare il fornitore.'.
CREATE TABLE suppliers (
  id               bigserial PRIMARY KEY,
  p_iva            text NOT NULL CHECK (p_iva ~ '^[0-9]{11}$'),
  ragione_sociale  text NOT NULL,
  indirizzo        text NOT NULL DEFAULT '',
  citta            text NOT NULL DEFAULT '',
  iban             text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'),
  UNIQUE (p_iva, ragione_sociale)
);
CREATE INDEX suppliers_p_iva_idx ON suppliers (p_iva text_pattern_ops);

-- Supplementary pension funds (GET fondi_previdenza?term=), keyed by their COVIP register number.
CREATE TABLE pension_funds (
  covip     text PRIMARY KEY CHECK (covip ~ '^[0-9A-Za-z]{1,20}$'),
  nome      text NOT NULL,
  istituto  text NOT NULL
);

-- Uploaded documents (spec 000 §5 "Files", §7). The file lives under <dataDir>/uploads/<stored_name>,
-- outside any served folder. A document joins a request once (purchase_id) and is then kept; a
-- deletion only hides it (deleted_at).
CREATE TABLE documents (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id),
  file_kind     text NOT NULL,
  file_kind_id  smallint NOT NULL,
  file_date     date NOT NULL,
  file_num      smallint NOT NULL CHECK (file_num BETWEEN 1 AND 4),
  nome_file     text NOT NULL CHECK (length(nome_file) BETWEEN 1 AND 200),
  stored_name   text NOT NULL CHECK (stored_name ~ '^[a-z0-9-]{8,80}$'),
  size          integer NOT NULL CHECK (size > 0 AND size <= 3145728),
  mime          text NOT NULL CHECK (mime IN ('application/pdf', 'image/jpeg', 'image/png')),
  purchase_id   bigint REFERENCES purchases (id),
  -- Natural key of seeded documents: a second seed run adds nothing.
  rif_esterno   text,
  created       timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz,
  FOREIGN KEY (file_kind, file_kind_id) REFERENCES document_type_kinds (file_kind, type_id),
  UNIQUE (user_id, rif_esterno)
);
-- GET file_esistenti_list/{kind}: the user's live documents of a kind, newest first.
CREATE INDEX documents_user_kind_idx ON documents (user_id, file_kind, created DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX documents_purchase_idx ON documents (purchase_id) WHERE purchase_id IS NOT NULL;

-- Static links: video tutorials and documentation, in groups named by a slug (a form's route name or
-- a site-documentazione group).
CREATE TABLE static_link_groups (
  type       text NOT NULL CHECK (type IN ('tutorial', 'documentazione')),
  slug_name  text NOT NULL CHECK (slug_name ~ '^[a-z0-9_-]{1,64}$'),
  nome       text NOT NULL,
  position   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (type, slug_name)
);
CREATE TABLE static_links (
  id           bigserial PRIMARY KEY,
  type         text NOT NULL,
  group_slug   text NOT NULL,
  slug_name    text NOT NULL CHECK (slug_name ~ '^[a-z0-9_-]{1,64}$'),
  nome         text NOT NULL,
  descrizione  text NOT NULL DEFAULT '',
  url          text NOT NULL CHECK (url ~ '^https://'),
  position     integer NOT NULL DEFAULT 0,
  FOREIGN KEY (type, group_slug) REFERENCES static_link_groups (type, slug_name),
  UNIQUE (type, slug_name)
);
CREATE INDEX static_links_group_idx ON static_links (type, group_slug, position, id);

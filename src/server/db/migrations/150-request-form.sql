-- The form a request was sent through (issue 25): the route name of its declaration (config/forms, or a
-- test's extraForms), written by POST /api/crea_richiesta/{route_name} with the purchase. Replay (the
-- history's "Ripeti" and GET /api/get_acquisto_full/{id}) resolves the form by it, so two forms of one
-- movement kind each replay their own requests. Null for a purchase no form made (vouchers, partners,
-- an operator's debit): those fall back to the form of their kind (config/movement-kinds.ts replayRoute).
ALTER TABLE purchases ADD COLUMN form_route text CHECK (form_route ~ '^[a-z0-9][a-z0-9-]{0,63}$');

-- Existing requests: the one form each kind had until now (the kind decided the form, and no two forms
-- shared a kind). Kinds without a form stay null.
UPDATE purchases
   SET form_route = CASE kind
                      WHEN 1 THEN 'rimb-spese'
                      WHEN 3 THEN 'rimb-interessi'
                      WHEN 4 THEN 'conv-ondemand'
                      WHEN 7 THEN 'conv-previdenza-integrativa'
                      WHEN 13 THEN 'rimb-bollette'
                      WHEN 14 THEN 'rimb-aff-mutui'
                    END
 WHERE kind IN (1, 3, 4, 7, 13, 14);

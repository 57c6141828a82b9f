-- Installation content (issue 24; services/installation-content.ts, `npm run admin -- content FILE`):
-- what an installation shows of the outside world besides its env addresses. Documentation and tutorial
-- links keep their tables (005-forms.sql); here the customer's code at the benefit hub provider and the
-- download links of the app voucher pages.

-- The code the benefit hub provider gave the customer (GET benefit_hub `codice_cliente`); null until
-- the installation sets it (the page then hides the code and its copy button).
ALTER TABLE customers ADD COLUMN benefit_hub_code text
  CHECK (benefit_hub_code ~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$');

-- The store pages of the app voucher pages' apps (config/showcases/app-vouchers.ts), by route name
-- (GET static_links/app). A page without a row, or a store without an address, shows no link.
CREATE TABLE app_links (
  route_name  text PRIMARY KEY CHECK (route_name ~ '^[a-z0-9-]{1,64}$'),
  ios         text CHECK (ios ~ '^https://'),
  android     text CHECK (android ~ '^https://'),
  CHECK (ios IS NOT NULL OR android IS NOT NULL)
);

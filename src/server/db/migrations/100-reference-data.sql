-- Reference data (ARCHITECTURE.md §8a): a customer's changes to the profiles' grants of the
-- menu-permission map, declared in config/permissions.ts and written at every start
-- (services/reference-data.ts). Keyed by the customer's code, so a change declared before the
-- customer is provisioned applies from its first user.
CREATE TABLE customer_permissions (
  customer_slug text    NOT NULL,
  profile       text    NOT NULL CHECK (profile IN ('utente', 'ref_aziendale')),
  perm          text    NOT NULL,
  granted       boolean NOT NULL,
  PRIMARY KEY (customer_slug, profile, perm)
);

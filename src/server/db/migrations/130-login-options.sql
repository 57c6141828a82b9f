-- Login options per customer (issue 24), declared by the provisioning document: the second factors
-- its users may use (an authenticator app, a code by e-mail) and the payroll single sign-on providers
-- (slugs of config/sso-providers.ts) whose tokens sign its users in.
ALTER TABLE customers
  ADD COLUMN second_factors text[] NOT NULL DEFAULT '{totp,email}'
    CHECK (cardinality(second_factors) > 0 AND second_factors <@ '{totp,email}'::text[]),
  -- No provider unless declared: a new customer does not trust a payroll portal by chance.
  ADD COLUMN sso_providers text[] NOT NULL DEFAULT '{}';

-- Until now every provider signed in the users of every customer: the customers made before keep
-- that (the providers known when this was written).
UPDATE customers SET sso_providers = '{paghe-demo,hr-cloud}';

-- An operator may disable an account and enable it again (issue 24): a disabled user cannot sign in
-- (password, codes, links, single sign-on, password links) and loses every session.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

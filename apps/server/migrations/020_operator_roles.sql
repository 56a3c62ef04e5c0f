-- Operators hold one or more roles (issue 11): admin, finance, support, marketing.
ALTER TABLE admin_users ADD COLUMN roles text[] NOT NULL DEFAULT ARRAY['support'];
UPDATE admin_users SET roles = ARRAY[role];
ALTER TABLE admin_users DROP COLUMN role;
ALTER TABLE admin_users ADD CONSTRAINT admin_users_roles_known
  CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['admin', 'finance', 'support', 'marketing']);
-- A disabled operator cannot sign in; their sessions end when they are disabled.
ALTER TABLE admin_users ADD COLUMN disabled_at timestamptz;
ALTER TABLE admin_users ADD COLUMN created_by bigint REFERENCES admin_users (id);
-- TOTP second factor: the secret is sealed with the server's key; enabled once a first code matched.
ALTER TABLE admin_users ADD COLUMN totp_secret text;
ALTER TABLE admin_users ADD COLUMN totp_enabled_at timestamptz;
-- The last time step a code was accepted for: a code is good once.
ALTER TABLE admin_users ADD COLUMN totp_last_step bigint;

CREATE TABLE admin_recovery_codes (
  admin_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (admin_id, code_hash)
);

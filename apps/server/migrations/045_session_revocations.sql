-- The revocation list every node keeps (issue 16 §1: a member's session checked without a query on
-- each call). A node reads the sessions revoked lately, by the database's clock, and the members
-- who are not active; both stay small and are read through these indexes.
CREATE INDEX sessions_revoked_idx ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX members_inactive_idx ON members (id) WHERE status <> 'active';

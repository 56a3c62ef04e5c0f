-- Operator sessions are listed to their operator (where and what they were opened from) and revocable.
ALTER TABLE admin_sessions ADD COLUMN ip text;
ALTER TABLE admin_sessions ADD COLUMN user_agent text;
CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id, created_at);

-- The operator's texts for each kind of notice, per language, edited from the console: a row
-- overrides the built-in text (apps/server/src/modules/notices/notice-texts.ts) when a notice is
-- sent; no row, the built-in text. `{amount}` is the one placeholder.
CREATE TABLE notice_templates (
  kind text NOT NULL CHECK (kind IN ('deposit_credited', 'withdrawal_paid', 'withdrawal_refused', 'support_reply', 'bonus_reached', 'bonus_expiring', 'limit_raised', 'break_ended', 'offer')),
  language text NOT NULL CHECK (language IN ('th', 'lo', 'en')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 50),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 200),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (kind, language)
);

-- A notice an operator sent as a test from the console names them; null for a real event's notice.
ALTER TABLE notices ADD COLUMN test_by text;

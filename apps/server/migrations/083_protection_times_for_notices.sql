-- Members are told when a break ends and when a limit they raised takes effect: the notices' sweep
-- finds what ended or took effect in the last hour by these times.
CREATE INDEX protection_restrictions_break_end_idx ON protection_restrictions (ends_at) WHERE kind = 'break' AND lifted_at IS NULL;
CREATE INDEX protection_limit_changes_effective_idx ON protection_limit_changes (effective_at);

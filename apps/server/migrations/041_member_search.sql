-- Issue 16 §2: the console's member search by phone or account number prefix reads an index
-- (LIKE 'prefix%' needs the pattern operator class under a non-C collation) instead of every member.
CREATE INDEX members_phone_prefix_idx ON members (phone text_pattern_ops);
CREATE INDEX members_bank_account_prefix_idx ON members (bank_account_no text_pattern_ops);

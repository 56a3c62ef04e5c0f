-- The indexes the operator's linked-members view reads (docs/operations.md "Linked members"):
-- from one member's identifying values (addresses, browsers, bank accounts, holder name, phones)
-- to the other members who used the same, each a walk of a few index entries.

-- Addresses and browsers: where members registered and signed in from.
CREATE INDEX members_registered_place_idx ON members (registered_ip, registered_user_agent, id) WHERE registered_ip IS NOT NULL;
CREATE INDEX sessions_address_idx ON sessions (ip, member_id) WHERE ip IS NOT NULL;
CREATE INDEX sessions_device_idx ON sessions (ip, user_agent, member_id) WHERE ip IS NOT NULL AND user_agent IS NOT NULL;

-- Bank accounts a member was paid to (the withdrawal's snapshot), and the holder's name as the
-- invite programme compares it: case, spaces and a title aside.
CREATE INDEX withdrawals_bank_account_idx ON withdrawals (bank_account_no, bank_code, member_id);
CREATE INDEX members_account_holder_idx ON members ((upper(regexp_replace(regexp_replace(btrim(bank_account_name), '\s+', ' ', 'g'), '^(MR|MRS|MS|MISS|นาย|นาง|นางสาว)\.?\s+', '', 'i'))), id);

-- Phones a TrueMoney transfer was sent from, and whose wallet it was credited to.
CREATE INDEX truemoney_transfers_sender_idx ON truemoney_transfers (sender_mobile, member_id) WHERE member_id IS NOT NULL;
CREATE INDEX truemoney_transfers_member_idx ON truemoney_transfers (member_id, sender_mobile) WHERE member_id IS NOT NULL;

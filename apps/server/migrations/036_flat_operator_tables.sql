-- Issue 16 §2: the operator's tables read their page from an index in the table's order (the id
-- breaks ties), so a deep page walks index entries, and counts read the index alone.

-- Members, newest first (the console's member list), and a member's invitees (the member page).
CREATE INDEX members_created_idx ON members (created_at DESC, id DESC);
CREATE INDEX members_inviter_idx ON members (inviter_id, created_at DESC) WHERE inviter_id IS NOT NULL;
-- Slips by status, oldest first (the pending queue has slips_review_idx); withdrawals by status.
CREATE INDEX slips_status_idx ON slips (status, created_at, id);
DROP INDEX withdrawals_status_idx;
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at, id);

-- Issue 16 §2: the operator's tables read their page from an index in the table's order.

-- Members, newest first (the console's member list), and a member's invitees (the member page).
CREATE INDEX members_created_idx ON members (created_at DESC, id DESC);
CREATE INDEX members_inviter_idx ON members (inviter_id, created_at DESC) WHERE inviter_id IS NOT NULL;
-- Decided slips by status, oldest first (the pending queue has slips_review_idx).
CREATE INDEX slips_status_idx ON slips (status, created_at);

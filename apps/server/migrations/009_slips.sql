-- Bank slips (SPEC §3 Slip, §7 POST /api/wallet/slip; DESIGN §6 Deposits).
CREATE TABLE slips (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The public name of a slip (SPEC §7 /api/statement/slip/reference/{reference}): unguessable.
  reference     text NOT NULL UNIQUE,
  member_id     bigint NOT NULL REFERENCES members (id),
  -- The re-encoded image's key in upload storage (DESIGN §8: a shared volume or object storage).
  image_key     text NOT NULL,
  status        text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'SUCCESS', 'FAILED')),
  -- SPEC §8 slip reason code; on an in-progress slip it says why it waits for an operator.
  note          text,
  needs_review  boolean NOT NULL DEFAULT false,
  -- From the slip's mini-QR (PAYMENTS.md): the transfer it claims to prove.
  sending_bank  text,
  trans_ref     text,
  -- Minor units, once the bank (or an operator) has told us.
  amount        bigint CHECK (amount > 0),
  transferred_at timestamptz,
  review_reason text,
  decided_by    text,
  decided_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- One live claim per bank transfer: a second upload of the same slip is SLIP_REFNO_DUPLICATED,
-- even when both arrive at once. A refused slip does not hold its reference.
CREATE UNIQUE INDEX slips_transfer_claim_idx ON slips (sending_bank, trans_ref) WHERE trans_ref IS NOT NULL AND status <> 'FAILED';
CREATE INDEX slips_member_idx ON slips (member_id, created_at DESC);
CREATE INDEX slips_review_idx ON slips (status, needs_review, created_at);


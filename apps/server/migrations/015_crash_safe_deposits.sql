-- Crash-safe deposits (docs/decisions.md "Crash-safe deposits (hardening)"): every deposit from
-- the outside world is an intent recorded before the call out, settled after it, and finished by
-- the reconciler when a crash leaves it open.

-- A gift-link redemption is an intent: 'redeeming' is written before TrueMoney is called;
-- 'credited' (with the deposit and the ledger post, one transaction) or 'failed' settle it.
ALTER TABLE truemoney_redemptions ADD COLUMN state text NOT NULL DEFAULT 'failed' CHECK (state IN ('redeeming', 'credited', 'failed'));
ALTER TABLE truemoney_redemptions ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- When a request or the reconciler last took the intent (the reconciler waits RECONCILE_AFTER_MS
-- after that), and until when the request calling TrueMoney holds it (a member sending the link
-- again waits for that call rather than making a second one).
ALTER TABLE truemoney_redemptions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE truemoney_redemptions ADD COLUMN lease_until timestamptz;
-- Vouchers redeemed before this migration but never credited (a crash between the redemption and
-- the credit) are reopened: the reconciler credits them from the recorded amount.
UPDATE truemoney_redemptions r
   SET state = CASE
     WHEN EXISTS (SELECT 1 FROM deposits d WHERE d.external_ref = 'truemoney:' || r.voucher_hash) THEN 'credited'
     WHEN r.status_code = 'SUCCESS' THEN 'redeeming'
     ELSE 'failed' END;
CREATE INDEX truemoney_redemptions_open_idx ON truemoney_redemptions (updated_at) WHERE state = 'redeeming';

-- QR payments: the reconciler asks the gateway about unpaid QRs (a webhook lost in a crash);
-- checked_at spaces the questions and lets several nodes share the sweep.
ALTER TABLE deposit_qrcodes ADD COLUMN checked_at timestamptz;
CREATE INDEX deposit_qrcodes_unpaid_idx ON deposit_qrcodes (expires_at) WHERE status <> 'paid';

-- Slips: the sweep's lease, so two nodes do not check the same unfinished slip at once.
ALTER TABLE slips ADD COLUMN swept_at timestamptz;

-- TrueMoney gift links (DESIGN §6): one row per voucher hash we tried, with the raw outcome.
CREATE TABLE truemoney_redemptions (
  voucher_hash  text PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES members (id),
  status_code   text NOT NULL,
  amount        bigint,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_truemoney_vouchers (
  voucher_hash  text PRIMARY KEY,
  amount        bigint NOT NULL,
  -- A forced outcome lets testers produce every status code of PAYMENTS.md.
  outcome       text NOT NULL DEFAULT 'SUCCESS',
  redeemed_by   text,
  created_at    timestamptz NOT NULL DEFAULT now()
);

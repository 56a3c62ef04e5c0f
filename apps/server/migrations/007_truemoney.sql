-- TrueMoney gift links (DESIGN §6): one row per voucher hash we tried, with the raw outcome.
CREATE TABLE truemoney_redemptions (
  voucher_hash  text PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES members (id),
  status_code   text NOT NULL,
  amount        bigint,
  created_at    timestamptz NOT NULL DEFAULT now()
);


-- The operator's figures per gaming day (a calendar day in the site's time zone) and currency,
-- derived from the ledger's transfers and kept by a sweep (docs/operations.md "Daily figures").
-- `dimension` names the provider, reward kind or deposit method a figure is split by ('' when it
-- is not split); `amount` is in minor units (coins for currency COIN), `count` what it counts.
CREATE TABLE ledger_daily_figures (
  day date NOT NULL,
  currency text NOT NULL,
  figure text NOT NULL,
  dimension text NOT NULL DEFAULT '',
  amount bigint NOT NULL DEFAULT 0,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, currency, figure, dimension)
);

-- How far the sweep has read: the last transfer and member it rolled up. One row.
CREATE TABLE ledger_daily_figures_watermark (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_transfer_id bigint NOT NULL DEFAULT 0,
  last_member_id bigint NOT NULL DEFAULT 0,
  swept_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ledger_daily_figures_watermark DEFAULT VALUES;

-- A day's transfers, found by time: the figures of a day read only that day's rows.
CREATE INDEX ledger_transfers_created_at_idx ON ledger_transfers (created_at);

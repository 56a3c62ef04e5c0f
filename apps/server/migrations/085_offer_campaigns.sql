-- Offer campaigns: an operator (marketing, admin) chooses members by a segment and sends them an
-- offer notice through the notices outbox, one notice per member (`campaign:<id>:<member id>`).
CREATE TABLE notice_campaigns (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  -- The filters members are chosen by (the contract's campaignSegment).
  segment jsonb NOT NULL,
  -- Title and body per language: {"th": {"title", "body"}, ...}.
  texts jsonb NOT NULL,
  -- Where the notice opens the member app: one of the contract's CAMPAIGN_PATHS.
  path text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sending', 'sent')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  sent_by text,
  sent_at timestamptz,
  -- Members the segment matched when it was sent, and the last member whose notice is written:
  -- a send interrupted (a node died) resumes after it.
  matched integer,
  written_through bigint,
  updated_at timestamptz NOT NULL
);
CREATE INDEX notice_campaigns_created_idx ON notice_campaigns (created_at DESC, id);
CREATE INDEX notice_campaigns_sending_idx ON notice_campaigns (updated_at) WHERE status = 'sending';

-- A campaign's notices, counted by state for its line in the console.
CREATE INDEX notices_campaign_idx ON notices ((facts ->> 'campaign'), state) WHERE kind = 'offer';
-- The worker claims service messages (money, support, account) before offers: a campaign's
-- backlog never holds a deposit notice back.
CREATE INDEX notices_service_due_idx ON notices (due_at) WHERE state = 'pending' AND kind NOT IN ('bonus_reached', 'bonus_expiring', 'offer');

-- Offers taken per channel per second, across every node: the worker sends an offer on a channel
-- only while that second's count is under the channel's rate (config *_OFFERS_PER_SECOND).
CREATE TABLE notice_rate_seconds (
  channel text NOT NULL CHECK (channel IN ('line', 'push', 'sms')),
  second timestamptz NOT NULL,
  taken integer NOT NULL,
  PRIMARY KEY (channel, second)
);

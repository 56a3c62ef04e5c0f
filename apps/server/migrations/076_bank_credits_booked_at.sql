-- Money in without staff in figures (today and 30 days by the transfer's time, and a gauge read on
-- every scrape): the lines of a period found by when the member transferred.
CREATE INDEX bank_credits_booked_at_idx ON bank_credits (booked_at);

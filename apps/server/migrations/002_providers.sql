-- Game providers (SPEC §3 Slot/game account, §7 Auto-login), one row per slot code.
CREATE TABLE providers (
  code            text PRIMARY KEY,
  name            text NOT NULL,
  category        text NOT NULL CHECK (category IN ('slot', 'sport', 'lotto')),
  -- ftWalletSlot: baht shown = provider credits × ratio; X baht sent credits X / ratio.
  ft_wallet_slot  numeric(12, 4) NOT NULL CHECK (ft_wallet_slot > 0),
  login_type      text NOT NULL CHECK (login_type IN ('link', 'form')),
  web_url         text,
  android_url     text,
  ios_url         text,
  logo            text NOT NULL,
  background      text NOT NULL,
  enabled         boolean NOT NULL DEFAULT true,
  sort_order      integer NOT NULL DEFAULT 0
);

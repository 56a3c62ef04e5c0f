-- A member's LINE account, linked with LINE Login, that notices are pushed to from the Official
-- Account (docs/adr/0414-line-official-account-notices.md). A link is a row from linking to
-- unlinking; rows that ended stay as the member's history. At most one open link per member and
-- per LINE account: a LINE account is never linked to two members at once.
CREATE TABLE member_line_links (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES members (id),
  -- LINE's userId for our provider: U and 32 hexadecimal digits, the same for Login and the Official Account.
  line_user_id  text NOT NULL CHECK (line_user_id ~ '^U[0-9a-f]{32}$'),
  -- Whether the member has the Official Account as a friend: LINE delivers nothing otherwise.
  following     boolean NOT NULL,
  linked_at     timestamptz NOT NULL,
  unlinked_at   timestamptz,
  CHECK (unlinked_at IS NULL OR unlinked_at >= linked_at)
);
CREATE UNIQUE INDEX member_line_links_member_open_idx ON member_line_links (member_id) WHERE unlinked_at IS NULL;
CREATE UNIQUE INDEX member_line_links_line_user_open_idx ON member_line_links (line_user_id) WHERE unlinked_at IS NULL;

-- A LINE Login under way: the state sent to LINE is bound to the member who asked, used once, and
-- kept 10 minutes; the nonce must come back inside the id_token.
CREATE TABLE member_line_link_states (
  state         text PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES members (id),
  nonce         text NOT NULL,
  redirect_uri  text NOT NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX member_line_link_states_created_idx ON member_line_link_states (created_at);

-- Which version of the agreement each member has accepted (SPEC §2 agreement modal): the acceptance
-- follows the member to every device, and a changed agreement (a new version, the hash of its
-- content) is asked again. One row per member and version; accepting again changes nothing.
CREATE TABLE agreement_acceptances (
  member_id   bigint NOT NULL REFERENCES members (id),
  version     text NOT NULL CHECK (version ~ '^[0-9a-f]{64}$'),
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, version)
);

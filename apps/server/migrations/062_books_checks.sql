-- The hourly proof of the books: each run of the ledger's invariants and the player funds they
-- add up to, kept with its result. A scheduled run claims its hour (one node runs it); a run an
-- operator asks for has no hour and names them.
CREATE TABLE books_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scheduled_hour timestamptz UNIQUE,
  asked_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  ok boolean,
  breaches integer,
  report jsonb,
  CHECK ((scheduled_hour IS NULL) <> (asked_by IS NULL)),
  CHECK ((finished_at IS NULL) = (ok IS NULL) AND (ok IS NULL) = (breaches IS NULL) AND (breaches IS NULL) = (report IS NULL))
);
CREATE INDEX books_checks_finished_idx ON books_checks (finished_at DESC, id DESC) WHERE finished_at IS NOT NULL;

-- Issue 16 §2: the console's member search by part of a name (letters typed: name ILIKE '%…%')
-- reads a trigram index instead of every member's name (a b-tree cannot serve a leading '%').
-- pg_trgm is a contrib extension: trusted on PostgreSQL 13+ (a role with CREATE on the database
-- may create it), and the embedded PGlite loads it from @electric-sql/pglite/contrib/pg_trgm
-- (src/db/database.ts). Where it cannot be created (no contrib package, no right to create it)
-- the search still answers, by reading names: the index speeds the search up, nothing needs it.
DO $$
DECLARE
  trgm_schema name;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NULL THEN
    BEGIN
      -- Into public, not the schema being migrated: dropping one schema (a test's, a bench's) must
      -- not take the extension, and every index built on it, away from the others.
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
      -- Also a concurrent migration creating it first (a unique violation): looked up again below.
      RAISE NOTICE 'pg_trgm not created (%): member search by name reads every name', SQLERRM;
    END;
    SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  END IF;
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX members_name_trgm_idx ON members USING gin (name %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;

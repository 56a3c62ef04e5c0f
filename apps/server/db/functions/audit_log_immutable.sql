CREATE OR REPLACE FUNCTION audit_log_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit entries never change';
END $function$

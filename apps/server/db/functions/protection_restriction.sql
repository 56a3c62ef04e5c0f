CREATE OR REPLACE FUNCTION protection_restriction(p_member bigint, OUT refusal text, OUT until timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  -- Every restriction starts as it is written: one committed is in force for any statement that sees
  -- it, whenever that statement's transaction began. A self-exclusion outranks a break. One ends when its time has passed, the member has asked to
  -- return and 24 hours have gone by since; until then `until` is its end (null: no end in sight).
  SELECT CASE r.kind WHEN 'break' THEN 'ON_BREAK' ELSE 'SELF_EXCLUDED' END,
         CASE WHEN r.kind = 'break' THEN r.ends_at
              WHEN r.ends_at IS NULL OR r.return_requested_at IS NULL THEN r.ends_at
              ELSE greatest(r.ends_at, r.return_requested_at + interval '24 hours') END
    INTO refusal, until
    FROM protection_restrictions r
   WHERE r.member_id = p_member AND r.lifted_at IS NULL
     AND (r.ends_at IS NULL OR r.ends_at > now()
          OR (r.kind = 'exclusion' AND (r.return_requested_at IS NULL OR r.return_requested_at + interval '24 hours' > now())))
   ORDER BY (r.kind = 'exclusion') DESC, r.ends_at DESC NULLS FIRST
   LIMIT 1;
END;
$function$

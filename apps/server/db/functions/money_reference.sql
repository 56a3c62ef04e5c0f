CREATE OR REPLACE FUNCTION money_reference(p_kind text, p_number bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT p_kind || string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((s.v >> (5 * (6 - i))) & 31)::int + 1, 1), '' ORDER BY i)
  FROM (SELECT ((p_number::numeric * 21235486155 + CASE p_kind WHEN 'C' THEN 17179881529 ELSE 1013904223 END) % 34359738368)::bigint AS v) s, generate_series(0, 6) AS i
$function$

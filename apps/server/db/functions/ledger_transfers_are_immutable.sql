CREATE OR REPLACE FUNCTION ledger_transfers_are_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable';
END;
$function$

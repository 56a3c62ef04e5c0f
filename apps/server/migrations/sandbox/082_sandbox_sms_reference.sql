-- The sandbox SMS gateway sends one message per sender's reference, as gateways with an idempotency key do.
ALTER TABLE sandbox_sms_messages ADD COLUMN reference text UNIQUE;

-- The sandbox gateway learns that a QR was cancelled and then refuses payments for it, as real gateways do.
ALTER TABLE sandbox_gateway_qrs ADD COLUMN cancelled_at timestamptz;

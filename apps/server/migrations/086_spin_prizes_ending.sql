-- Members are told a day ahead that a spin prize they have not claimed is about to expire: each
-- reconciler run finds the claimable coupons expiring within the day by this index.
CREATE INDEX spins_claimable_expiry_idx ON spins (expires_at) WHERE status = 'claimable';

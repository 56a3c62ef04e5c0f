-- Answers to retried calls live in idempotency_keys (016) and in each movement's own key; this
-- first table for them was never written.
DROP TABLE idempotent_requests;

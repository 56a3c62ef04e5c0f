import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api/client';
import { createQueryClient } from './query';

describe('reads of server state', () => {
  const { retry, retryDelay } = createQueryClient().getDefaultOptions().queries!;
  const shouldRetry = retry as (failures: number, error: Error) => boolean;
  const delay = retryDelay as (failures: number, error: Error) => number;

  it('are read again after a busy node (503) the wait it asked for, twice at most', () => {
    const busy = new ApiError('BUSY', 503, { message: 'BUSY' }, '3');
    expect(shouldRetry(0, busy)).toBe(true);
    expect(shouldRetry(1, busy)).toBe(true);
    expect(shouldRetry(2, busy)).toBe(false);
    expect(delay(1, busy)).toBe(3_000);
    // A 503 that named no wait (a balancer's), or a lost answer: the usual backoff.
    expect(delay(1, new ApiError('SERVICE_UNAVAILABLE', 503))).toBe(2_000);
    expect(delay(0, new ApiError('NETWORK_ERROR', 0))).toBe(1_000);
    expect(delay(1, new ApiError('BUSY', 503, undefined, '600'))).toBe(30_000);
  });

  it('are never read again after a refusal (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetry(0, new ApiError('REFUSED', status, undefined, '1')), String(status)).toBe(false);
  });
});

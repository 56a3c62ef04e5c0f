/**
 * What taking a reward or ending a condition would do is read when its dialog opens and dropped
 * when it closes (the query has no observer left, and `gcTime` 0 forgets it): a member never sees
 * figures from an earlier opening while the new ones load. Not retried: a refusal is an answer.
 */
export const FRESH_PREVIEW = { staleTime: 0, gcTime: 0, retry: false } as const;

/** Outside the keys a claim invalidates (['bonus'], ['invite'], ['refund']): a claim in flight does not refetch the figures it was accepted on. */
export const previewQueryKey = ['reward-preview'] as const;

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { schemaOf } from '../answers';

export const protectionQueryKey = ['protection'] as const;
export const getProtection = () => api.get('/api/protection', { schema: schemaOf('protectionStatus') });
/** The protection status's query, for reading it and for asking for it ahead (app/shells/first-reads.ts). */
export const protectionQuery = queryOptions({ queryKey: protectionQueryKey, queryFn: getProtection });

/**
 * GET /api/protection: the member's limits (in force, used, waiting changes), the restriction in
 * force, the cooling rules and the change history. `enabled: false` reads only what a screen
 * before loaded (an overlay over home asks nothing more).
 */
export const useProtection = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...protectionQuery, enabled });

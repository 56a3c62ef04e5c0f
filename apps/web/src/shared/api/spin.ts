import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { invalidateMoneyViews } from './wallet';
import { schemaOf } from './answers';

/** GET /api/spinwheel/active: whether a campaign runs, which puts the spin tile on home (SPEC §1). */
export const spinQueryKey = ['spin'] as const;
export const getSpinActive = () => api.get('/api/spinwheel/active', { schema: schemaOf('spinActiveResponse') });
/** Whether a campaign runs, for reading it and for asking for it ahead (app/shells/first-reads.ts). */
export const spinActiveQuery = queryOptions({ queryKey: [...spinQueryKey, 'active'], queryFn: getSpinActive });
export const useSpinActive = () => useQuery(spinActiveQuery);

/** After a spin or a claim: the wheel, the coupons, the coin count, the wallet and the statement. */
export async function invalidateSpinViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: spinQueryKey }), queryClient.invalidateQueries({ queryKey: ['bonus'] }), invalidateMoneyViews(queryClient)]);
}

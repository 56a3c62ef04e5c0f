import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { invalidateMoneyViews } from './wallet';
import { schemaOf } from './answers';

/** GET /api/spinwheel/active: whether a campaign runs, which puts the spin tile on home (SPEC §1). */
export const spinQueryKey = ['spin'] as const;
export const useSpinActive = () => useQuery({ queryKey: [...spinQueryKey, 'active'], queryFn: () => api.get('/api/spinwheel/active', { schema: schemaOf('spinActiveResponse') }) });

/** After a spin or a claim: the wheel, the coupons, the coin count, the wallet and the statement. */
export async function invalidateSpinViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: spinQueryKey }), queryClient.invalidateQueries({ queryKey: ['bonus'] }), invalidateMoneyViews(queryClient)]);
}

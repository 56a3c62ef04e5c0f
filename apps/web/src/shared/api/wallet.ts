import { type QueryClient, useQuery } from '@tanstack/react-query';
import { walletResponse } from '@wallet/contract';
import { api } from './client';

/** GET /api/wallet: the member, the wallet and every provider card (SPEC §3), read by several features. */
export const walletQueryKey = ['wallet'] as const;
export const getWallet = () => api.get('/api/wallet', { schema: walletResponse });
export const useWallet = (options: { enabled?: boolean } = {}) => useQuery({ queryKey: walletQueryKey, queryFn: getWallet, enabled: options.enabled ?? true });

/** After money moved: the wallet and the statement show it. */
export async function invalidateMoneyViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: walletQueryKey }), queryClient.invalidateQueries({ queryKey: ['statement'] })]);
}

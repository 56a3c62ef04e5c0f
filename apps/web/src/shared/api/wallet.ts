import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@wallet/contract';
import { api } from './client';
import { activeConditionQueryKey } from './promotions/get-active-condition';
import { schemaOf } from './answers';

/** GET /api/wallet: the member, the wallet and every provider card (SPEC §3), read by several features. */
export const walletQueryKey = ['wallet'] as const;
export const getWallet = () => api.get('/api/wallet', { schema: schemaOf('walletResponse') });
/** The wallet's query, for reading it and for asking for it ahead (app/shells/first-reads.ts). */
export const walletQuery = queryOptions({ queryKey: walletQueryKey, queryFn: getWallet });
export const useWallet = (options: { enabled?: boolean } = {}) => useQuery({ ...walletQuery, enabled: options.enabled ?? true });

/**
 * After money moved or the balances were read again (a transfer, a game's result brought in by
 * "check balance"): the wallet, the statement and the condition's figures (its total is the wallet
 * plus the games) show it.
 */
export async function invalidateMoneyViews(queryClient: QueryClient): Promise<void> {
  // Home's "updated" time is that of the figures shown, and these are read again now
  // (set first: the re-read figures render with it).
  localStorage.setItem(STORAGE_KEYS.lastSync, new Date().toISOString());
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['statement'] }),
    queryClient.invalidateQueries({ queryKey: activeConditionQueryKey }),
  ]);
}

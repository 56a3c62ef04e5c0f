import { useQuery } from '@tanstack/react-query';
import { gameAccountResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

export const gameAccountQueryKey = (code: string) => ['wallet', 'account', code] as const;
/** GET /api/wallet/account/{code}: the member's username and password at a provider. */
export const getGameAccount = (code: string) => api.get(`/api/wallet/account/${code}`, { schema: gameAccountResponse });
export const useGameAccount = (code: string, enabled: boolean) => useQuery({ queryKey: gameAccountQueryKey(code), queryFn: () => getGameAccount(code), enabled });

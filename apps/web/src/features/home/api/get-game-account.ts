import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

export const gameAccountQueryKey = (code: string) => ['wallet', 'account', code] as const;
/** GET /api/wallet/account/{code}: the member's username and password at a provider. */
export const getGameAccount = (code: string) => api.get(`/api/wallet/account/${code}`, { schema: schemaOf('gameAccountResponse') });
export const useGameAccount = (code: string, enabled: boolean) => useQuery({ queryKey: gameAccountQueryKey(code), queryFn: () => getGameAccount(code), enabled });

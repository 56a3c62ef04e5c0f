import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUTO_LOGIN_ROUTES,
  STORAGE_KEYS,
  type Slot,
  WALLET_CODE,
  gameBalanceMinor,
  sum,
  toMajor,
  autoLoginResponse,
  gameAccountResponse,
  refreshResponse,
  resetPasswordResponse,
  transferAllResponse,
  transferResponse,
  walletResponse,
} from '@wallet/contract';
import { api } from '../../shared/api/client';
import { useMoneyMutation } from '../../shared/api/useMoneyMutation';

export const walletQueryKey = ['wallet'] as const;

export const useWallet = () => useQuery({ queryKey: walletQueryKey, queryFn: () => api.get('/api/wallet', { schema: walletResponse }) });

/** SPEC §1: the check-balance refresh asks every provider, then reloads the wallet. */
export function useRefreshSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/api/wallet/refresh/slot', { schema: refreshResponse }),
    onSuccess: async () => {
      localStorage.setItem(STORAGE_KEYS.lastSync, new Date().toISOString());
      await queryClient.invalidateQueries({ queryKey: walletQueryKey });
    },
  });
}

export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.get(`/api/wallet/activate/${code}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}

export const useGameAccount = (code: string, enabled: boolean) =>
  useQuery({
    queryKey: ['wallet', 'account', code],
    queryFn: () => api.get(`/api/wallet/account/${code}`, { schema: gameAccountResponse }),
    enabled,
  });

export function useResetPassword(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get(`/api/wallet/resetpassword/${code}`, { schema: resetPasswordResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet', 'account', code] }),
  });
}

/** One Idempotency-Key per member intent (useMoneyMutation): a double tap or a retry moves money once. */
export function useTransfer() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (body: { from: string; to: string; amount: number }, idempotencyKey) =>
      api.post('/api/wallet/transfer', body, { schema: transferResponse, idempotencyKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}

export function useTransferAll() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (to: string, idempotencyKey) => api.post('/api/wallet/transferAll', { to }, { schema: transferAllResponse, idempotencyKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}

const AUTO_LOGIN_BY_CODE = new Map(Object.entries(AUTO_LOGIN_ROUTES).map(([route, entry]) => [entry.code as string, { route, ...entry }]));

/** How a provider is opened (SPEC §7 Auto-login): an auto-login link, a login form, or its own page. */
export async function launchTarget(slot: Slot): Promise<{ kind: 'link'; url: string } | { kind: 'form'; action: string; fields: Record<string, string> }> {
  const auto = AUTO_LOGIN_BY_CODE.get(slot.code);
  if (auto) {
    const account = auto.withPassword ? await api.get(`/api/wallet/account/${slot.code}`, { schema: gameAccountResponse }) : null;
    const path = account
      ? `/api/autoLogin/${auto.route}/${encodeURIComponent(account.username)}/${encodeURIComponent(account.password)}`
      : `/api/autoLogin/${auto.route}/${encodeURIComponent(slot.username ?? '')}`;
    return { kind: 'link', url: (await api.get(path, { schema: autoLoginResponse })).link };
  }
  if (slot.loginForm) {
    const account = await api.get(`/api/wallet/account/${slot.code}`, { schema: gameAccountResponse });
    return { kind: 'form', action: account.event?.action ?? slot.web ?? '', fields: { username: account.username, password: account.password } };
  }
  return { kind: 'link', url: slot.web ?? '' };
}

/** A game account's balance in baht (SPEC §1: credits × ftWalletSlot), computed in satang. */
export const slotBalance = (slot: Slot): number => toMajor(gameBalanceMinor(slot.amount, slot.ftWalletSlot));

/** Total balance (SPEC §1): wallet plus every active game account at its ratio, added exactly. */
export function totalBalance(wallet: number, slots: Slot[]): number {
  return sum([wallet, ...slots.filter((slot) => slot.isActive).map(slotBalance)]);
}

export { WALLET_CODE };

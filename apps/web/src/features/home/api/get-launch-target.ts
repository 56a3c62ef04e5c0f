import { AUTO_LOGIN_ROUTES, type Slot } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { getGameAccount } from './get-game-account';
import { schemaOf } from '../../../shared/api/answers';

const AUTO_LOGIN_BY_CODE = new Map(Object.entries(AUTO_LOGIN_ROUTES).map(([route, entry]) => [entry.code as string, { route, ...entry }]));

/** How a provider is opened (SPEC §7 Auto-login): an auto-login link, a login form, or its own page. */
export async function launchTarget(slot: Slot): Promise<{ kind: 'link'; url: string } | { kind: 'form'; action: string; fields: Record<string, string> }> {
  const auto = AUTO_LOGIN_BY_CODE.get(slot.code);
  if (auto) {
    const account = auto.withPassword ? await getGameAccount(slot.code) : null;
    const path = account
      ? `/api/autoLogin/${auto.route}/${encodeURIComponent(account.username)}/${encodeURIComponent(account.password)}`
      : `/api/autoLogin/${auto.route}/${encodeURIComponent(slot.username ?? '')}`;
    return { kind: 'link', url: (await api.get(path, { schema: schemaOf('autoLoginResponse') })).link };
  }
  if (slot.loginForm) {
    const account = await getGameAccount(slot.code);
    return { kind: 'form', action: account.event?.action ?? slot.web ?? '', fields: { username: account.username, password: account.password } };
  }
  return { kind: 'link', url: slot.web ?? '' };
}

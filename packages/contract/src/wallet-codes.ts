// The wallet's plain names, apart from wallet.ts's schemas so that a screen needing only these
// (the member app's home) does not bring zod with it.

/** `WALLET` or a slot code, in transfers (SPEC §7 Wallet). */
export const WALLET_CODE = 'WALLET';

/** SPEC §7 Auto-login: route segment → slot code. */
export const AUTO_LOGIN_ROUTES = {
  pg: { code: 'PG', withPassword: false },
  betflix: { code: 'BETFLIX', withPassword: false },
  askmebet: { code: 'ASKMEBET', withPassword: true },
  imi: { code: 'IMI', withPassword: true },
  usun: { code: 'USUN', withPassword: true },
  areaslot: { code: 'AREASLOT', withPassword: false },
  circus: { code: 'CIRCUS', withPassword: true },
  slotracha: { code: 'SLOTRACHA', withPassword: true },
  pgslot: { code: 'PGSLOT', withPassword: true },
  joker2: { code: 'JOKER2', withPassword: false },
  huayhd: { code: 'HUAYHD', withPassword: false },
} as const;
export type AutoLoginRoute = keyof typeof AUTO_LOGIN_ROUTES;

// Player protection's plain names, apart from protection.ts's schemas so that a screen needing
// only these (the member app's home) does not bring zod with it.

/** Money limits, per period of the site's calendar (days; weeks from Monday; months). */
export const MONEY_LIMIT_KINDS = ['deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'transfer_day'] as const;
export const LIMIT_KINDS = [...MONEY_LIMIT_KINDS, 'session_minutes'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const isMoneyLimit = (kind: LimitKind): boolean => kind !== 'session_minutes';

/** The break lengths a member picks from; `24h` is the one-tap break. */
export const BREAK_PERIODS = ['24h', '1w', '1m', '2m', '3m'] as const;
export const EXCLUSION_PERIODS = ['6m', '1y', '5y', 'forever'] as const;

export const SESSION_MINUTES_RANGE = { min: 15, max: 24 * 60 } as const;

/**
 * The wallet currencies, apart from money.ts so that a screen needing only these (the web app's
 * first screen) does not bring zod with it. money.ts re-exports them.
 */
/**
 * The currencies wallets hold: code, minor-unit scale, the smallest amount that can be paid in or
 * out (in minor units), and how each language writes it.
 */
export const CURRENCIES = {
  THB: { code: 'THB', scale: 2, smallestPayable: 1n, symbol: '฿', name: { th: 'บาท', lo: 'ບາດ', en: 'baht' } },
  // Kip has no coins in use, but amounts keep two places so every wallet shares one scale; Lao
  // banking apps pay no fraction of a kip, so only whole kip move.
  LAK: { code: 'LAK', scale: 2, smallestPayable: 100n, symbol: '₭', name: { th: 'กีบ', lo: 'ກີບ', en: 'kip' } },
} as const;
export type CurrencyCode = keyof typeof CURRENCIES;
/** The wallet currencies in the order screens list them (baht first). Pure: a bundle that lists none drops it. */
export const CURRENCY_CODES = /* @__PURE__ */ Object.keys(CURRENCIES) as CurrencyCode[];

/** The currency a wallet holds: the Laos build's BAHT wallets are Thai baht. */
export const walletCurrencyOf = (registered: string): CurrencyCode => (registered === 'LAK' ? 'LAK' : 'THB');

import type { CurrencyCode } from '@wallet/contract';
import { DEFAULT_CURRENCY, SITE_PROFILE } from '../../env';
import { setCurrencyInTexts } from '../i18n';
import { useWallet } from './wallet';

/**
 * What the signed-in member's wallet holds: every amount they see or type is in it.
 * The Thai build has baht only; the Laos build reads it from the wallet.
 */
export function useMemberCurrency(): CurrencyCode {
  const oneCurrency = SITE_PROFILE.currencies.length === 1;
  const wallet = useWallet({ enabled: !oneCurrency });
  const currency = oneCurrency ? DEFAULT_CURRENCY : (wallet.data?.wallet.currency ?? DEFAULT_CURRENCY);
  setCurrencyInTexts(currency);
  return currency;
}

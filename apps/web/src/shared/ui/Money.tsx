import type { CurrencyCode } from '@wallet/contract';
import { useTranslation } from '../i18n/useTranslation';
import { useMemberCurrency } from '../api/useMemberCurrency';
import { formatMoney } from '../format';

/** Money in the member's currency: baht with 2 decimals, kip whole (SPEC §9, issue 15 §1); a dash for non-numbers. */
export function Money({ value, className = '', testId }: { value: unknown; className?: string; testId?: string }) {
  const money = useMoneyFormat();
  return (
    <span className={`tabular-nums ${className}`} data-testid={testId}>
      {money(value)}
    </span>
  );
}

/**
 * Formats amounts in the reader's language and the member's currency, for texts that embed them;
 * `currency` when the server names it with the amounts (a preview), which is the member's anyway.
 */
export function useMoneyFormat(currency?: CurrencyCode): (value: unknown) => string {
  const { i18n } = useTranslation();
  const memberCurrency = useMemberCurrency();
  return (value) => formatMoney(value, i18n.language, currency ?? memberCurrency);
}

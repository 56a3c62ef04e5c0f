import { CURRENCIES, type CurrencyCode } from '@wallet/contract';
import { useTranslation } from '../i18n/useTranslation';
import { useMemberCurrency } from '../api/useMemberCurrency';
import { formatMoney } from '../format';

/** Money in the member's currency: baht with 2 decimals, kip whole (SPEC §9); a dash for non-numbers. */
export function Money({ value, className = '', testId, withMark = false }: { value: unknown; className?: string; testId?: string; withMark?: boolean }) {
  const money = useMoneyFormat();
  const { t } = useTranslation();
  const currency = useMemberCurrency();
  const figure = (
    <span className={`tabular-nums ${withMark ? '' : className}`} data-testid={testId}>
      {money(value)}
    </span>
  );
  if (!withMark) return figure;
  // A total says its currency. The sign is drawn (฿/₭) and the unit's name is read, so
  // a screen reader says "100,000 kip" instead of the sign's Unicode name.
  return (
    <span className={className} data-testid={testId && `${testId}-marked`}>
      <span aria-hidden className="mr-[0.15em] font-semibold opacity-80" data-testid={testId && `${testId}-mark`}>
        {CURRENCIES[currency].symbol}
      </span>
      {figure}
      <span className="sr-only"> {t(`money.${currency}`)}</span>
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

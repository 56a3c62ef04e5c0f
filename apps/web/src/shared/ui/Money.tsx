import { useTranslation } from 'react-i18next';
import { useMemberCurrency } from '../api/useMemberCurrency';
import { formatMoney } from '../format';

/** Money in the member's currency: baht with 2 decimals, kip whole (SPEC §9, issue 15 §1); a dash for non-numbers. */
export function Money({ value, className = '', testId }: { value: unknown; className?: string; testId?: string }) {
  const { i18n } = useTranslation();
  const currency = useMemberCurrency();
  return (
    <span className={`tabular-nums ${className}`} data-testid={testId}>
      {formatMoney(value, i18n.language, currency)}
    </span>
  );
}

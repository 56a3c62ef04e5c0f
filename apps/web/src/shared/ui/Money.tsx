import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format';

/** Money with at least 2 decimals, a dash for non-numbers (SPEC §9). */
export function Money({ value, className = '', testId }: { value: unknown; className?: string; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={`tabular-nums ${className}`} data-testid={testId}>
      {formatMoney(value, i18n.language)}
    </span>
  );
}

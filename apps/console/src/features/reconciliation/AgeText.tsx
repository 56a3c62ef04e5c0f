import type { ReconciliationException } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { isOverdue } from './figures';

/** How long an exception has waited ("26 h"), red once it is past a day with no owner. */
export function AgeText({ exception }: { exception: Pick<ReconciliationException, 'ageSeconds' | 'assignee' | 'status'> }) {
  const { t } = useTranslation();
  const hours = Math.floor(exception.ageSeconds / 3600);
  const text = hours >= 1 ? t('reconciliation.ageHours', { count: hours }) : t('reconciliation.ageMinutes', { count: Math.floor(exception.ageSeconds / 60) });
  const overdue = isOverdue(exception);
  return (
    <span className={`whitespace-nowrap font-mono ${overdue ? 'font-bold text-rose-300' : ''}`} title={overdue ? t('reconciliation.overdue') : undefined} data-overdue={overdue || undefined}>
      {text}
    </span>
  );
}

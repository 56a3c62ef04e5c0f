import { useTranslation } from 'react-i18next';
import type { RuleParams } from './api/change-rule';

/** A rule's thresholds in words: "Count 10 · Window (hours) 1", a money figure per currency. */
export function ParamsText({ params }: { params: RuleParams }) {
  const { t } = useTranslation();
  const entries = Object.entries(params);
  if (entries.length === 0) return <span className="text-white/40" data-testid="risk-params">{t('risk.noParams')}</span>;
  const figure = (value: number) => value.toLocaleString('en');
  return (
    <span data-testid="risk-params">
      {entries.map(([key, value], index) => (
        <span key={key}>
          {index > 0 && <span className="text-white/30"> · </span>}
          <span className="text-white/50">{t(`risk.params.${key}`, { defaultValue: key })}</span>{' '}
          <span className="font-mono">
            {typeof value === 'number'
              ? figure(value)
              : Object.entries(value)
                  .map(([currency, amount]) => `${figure(amount)} ${currency}`)
                  .join(' / ')}
          </span>
        </span>
      ))}
    </span>
  );
}

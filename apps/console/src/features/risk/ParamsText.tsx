import { useTranslation } from 'react-i18next';
import type { RuleParams } from './api/change-rule';

/**
 * A rule's params in the order its defaults give them (the thresholds as the rule reads them, each
 * currency as listed there): stored params come back from the database in an order of its own.
 */
export function inOrderOf(params: RuleParams, defaults: RuleParams): RuleParams {
  const keys = [...Object.keys(defaults).filter((key) => key in params), ...Object.keys(params).filter((key) => !(key in defaults))];
  return Object.fromEntries(
    keys.map((key) => {
      const value = params[key]!;
      const order = defaults[key];
      if (typeof value === 'number' || typeof order !== 'object') return [key, value];
      const currencies = [...Object.keys(order).filter((currency) => currency in value), ...Object.keys(value).filter((currency) => !(currency in order))];
      return [key, Object.fromEntries(currencies.map((currency) => [currency, value[currency]!]))];
    }),
  );
}

/** A rule's thresholds in words: "Count 10 · Window (hours) 1", a money figure per currency. */
export function ParamsText({ params, defaults }: { params: RuleParams; defaults: RuleParams }) {
  const { t } = useTranslation();
  const entries = Object.entries(inOrderOf(params, defaults));
  if (entries.length === 0) return <span className="text-white/60" data-testid="risk-params">{t('risk.noParams')}</span>;
  const figure = (value: number) => value.toLocaleString('en');
  return (
    <span data-testid="risk-params">
      {entries.map(([key, value], index) => (
        <span key={key} className="whitespace-nowrap">
          {index > 0 && <span className="text-white/50"> · </span>}
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

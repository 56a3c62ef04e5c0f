import { type CurrencyCode, currencyCode, toMajor } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/ui/format';

// The server records amounts as integer minor units in a string ("25050" is 250.50).
const MINOR_UNITS = /^-?\d+$/;
const isAmountKey = (key: string) => key === 'amount' || /Amount$/.test(key);

function shownValue(key: string, value: unknown, currency: CurrencyCode, language: string): string {
  if (isAmountKey(key) && typeof value === 'string' && MINOR_UNITS.test(value)) return `${formatMoney(toMajor(BigInt(value)), language, currency)} ${currency}`;
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One audit entry's detail as the desk reads it: each field on its own, money in baht or kip with
 * its currency (the entry's own, else the site's), in the console's normal font so Thai is drawn.
 */
export function AuditDetail({ detail, siteCurrency }: { detail: unknown; siteCurrency: CurrencyCode }) {
  const { i18n } = useTranslation();
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return <span className="text-xs text-white/70">{shownValue('', detail, siteCurrency, i18n.language)}</span>;
  const fields = Object.entries(detail as Record<string, unknown>);
  const recorded = currencyCode.safeParse((detail as Record<string, unknown>).currency);
  const currency = recorded.success ? recorded.data : siteCurrency;
  return (
    <dl className="flex max-w-[560px] flex-wrap gap-x-3 gap-y-0.5 text-xs" data-testid="audit-detail">
      {fields
        .filter(([key]) => !(key === 'currency' && recorded.success))
        .map(([key, value]) => (
          <div key={key} className="flex min-w-0 gap-1">
            <dt className="text-white/50">{key}</dt>
            <dd className="min-w-0 truncate text-white/80" title={shownValue(key, value, currency, i18n.language)}>{shownValue(key, value, currency, i18n.language)}</dd>
          </div>
        ))}
    </dl>
  );
}

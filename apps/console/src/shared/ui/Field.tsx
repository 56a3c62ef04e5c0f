import { type InputHTMLAttributes, type SelectHTMLAttributes, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

const INPUT = 'h-9 w-full rounded-lg border border-white/15 bg-desk-900 px-3 text-sm outline-none focus:border-accent-300';

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }>(function TextField({ label, error, className = '', ...props }, ref) {
  return (
    <label className={`block space-y-1 ${className}`}>
      <span className="text-xs font-semibold text-white/70">{label}</span>
      <input ref={ref} {...props} className={INPUT} aria-invalid={error ? true : undefined} />
      {error && <span className="text-xs text-rose-300">{error}</span>}
    </label>
  );
});

export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { label: string }>(function SelectField({ label, className = '', children, ...props }, ref) {
  return (
    <label className={`block space-y-1 ${className}`}>
      <span className="text-xs font-semibold text-white/70">{label}</span>
      <select ref={ref} {...props} className={INPUT}>
        {children}
      </select>
    </label>
  );
});

/** The wallet currency an offer or a campaign is for (issue 15 §1): fixed once created. */
export const CurrencyField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function CurrencyField(props, ref) {
  const { t } = useTranslation();
  return (
    <SelectField ref={ref} label={t('common.currency')} {...props}>
      {(['THB', 'LAK'] as const).map((currency) => (
        <option key={currency} value={currency}>{t(`common.currencies.${currency}`)}</option>
      ))}
    </SelectField>
  );
});

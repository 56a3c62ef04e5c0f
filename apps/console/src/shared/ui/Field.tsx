import { AmountInput, type AmountInputProps, wireAmount } from '@wallet/client-kit/amount-input';
import { CurrencyPicker, type CurrencyPickerProps } from '@wallet/client-kit/currency-picker';
import type { CurrencyCode } from '@wallet/contract';
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

/** Where an operator types an amount of money: the kit's amount input in the console's field frame. */
export function AmountField({ label, error, className = '', ...props }: AmountInputProps & { label: string; error?: string | undefined }) {
  return (
    <label className={`block space-y-1 ${className}`}>
      <span className="text-xs font-semibold text-white/70">{label}</span>
      <AmountInput {...props} className={INPUT} aria-invalid={error ? true : undefined} />
      {error && <span className="text-xs text-rose-300">{error}</span>}
    </label>
  );
}

/**
 * What a form library keeps of an amount field (react-hook-form's `setValueAs`): the wire's major
 * units for the contract's schema to check, exact through minor units; `null` for an empty
 * optional amount. A value the form set itself (its defaults, numbers) is kept as it is.
 */
export const amountValue =
  (currency: CurrencyCode, { optional = false } = {}) =>
  (value: unknown): number | null =>
    typeof value === 'number' || value === null ? value : optional && String(value ?? '').trim() === '' ? null : wireAmount(String(value ?? ''), currency);

/** The wallet currency an offer, a campaign or a report is in (the contract's list). */
export function CurrencyField({ className = '', ...props }: Omit<CurrencyPickerProps, 'nameOf'>) {
  const { t } = useTranslation();
  return (
    <label className={`block space-y-1 ${className}`}>
      <span className="text-xs font-semibold text-white/70">{t('common.currency')}</span>
      <CurrencyPicker {...props} nameOf={(currency) => t(`common.currencies.${currency}`)} className={INPUT} />
    </label>
  );
}

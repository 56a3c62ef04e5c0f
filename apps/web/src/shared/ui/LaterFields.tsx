import { AmountInput, type AmountInputProps } from '@wallet/client-kit/amount-input';
import { type SelectHTMLAttributes, useId } from 'react';
import { CONTROL, type FieldFrame, Frame, INPUT } from './Field';

/*
 * The fields /login does not draw, apart from Field.tsx so that its first download carries none of
 * them, and together so that they are one chunk (each chunk is a name in the first download).
 */

/** A choice in the app's field frame. */
export function SelectField({ label, hint, error, children, ...select }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select id={id} aria-invalid={!!error || undefined} className={`${CONTROL} appearance-none`} {...select}>
        {children}
      </select>
    </Frame>
  );
}

/** Where a member types an amount of money: the kit's amount input in the app's field frame. */
export function AmountField({ label, hint, error, ...input }: FieldFrame & AmountInputProps) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <AmountInput id={id} aria-invalid={!!error || undefined} aria-describedby={error ? `${id}-error` : undefined} className={INPUT} {...input} />
    </Frame>
  );
}

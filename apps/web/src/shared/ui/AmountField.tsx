import { AmountInput, type AmountInputProps } from '@wallet/client-kit/amount-input';
import { useId } from 'react';
import { type FieldFrame, Frame, INPUT } from './Field';

/**
 * Where a member types an amount of money: the kit's amount input in the app's field frame. Apart
 * from Field.tsx so that /login's first download does not carry it.
 */
export function AmountField({ label, hint, error, ...input }: FieldFrame & AmountInputProps) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <AmountInput id={id} aria-invalid={!!error || undefined} aria-describedby={error ? `${id}-error` : undefined} className={INPUT} {...input} />
    </Frame>
  );
}

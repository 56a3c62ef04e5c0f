import { type SelectHTMLAttributes, useId } from 'react';
import { CONTROL, type FieldFrame, Frame } from './Field';

/** A choice in the app's field frame. Apart from Field.tsx: /login draws none, so its first download does not carry it. */
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

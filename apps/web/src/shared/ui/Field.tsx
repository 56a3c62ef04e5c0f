import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const CONTROL =
  'block h-12 w-full rounded-2xl border border-white/10 bg-night-800 px-4 text-base text-white placeholder:text-white/35 focus:border-gold-400 focus:outline-none focus:ring-2 focus:ring-gold-400/40 disabled:opacity-50';
/**
 * A read-only text field is dimmed. Only inputs: CSS's :read-only matches every <select> (a select
 * is never "read-write"), which drew each chosen value dimmed like a placeholder.
 */
export const INPUT = `${CONTROL} read-only:opacity-70`;

export interface FieldFrame {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

export function Frame({ id, label, hint, error, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-white/80">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-white/50">{hint}</p>
      ) : null}
    </div>
  );
}

export function TextField({ label, hint, error, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <input id={id} aria-invalid={!!error || undefined} aria-describedby={error ? `${id}-error` : undefined} className={INPUT} {...input} />
    </Frame>
  );
}

import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-gradient-to-b from-gold-300 to-gold-500 text-night-900 shadow-lg shadow-gold-500/20 hover:from-gold-200',
  secondary: 'border border-white/15 bg-white/5 text-white hover:bg-white/10',
  ghost: 'text-gold-300 hover:text-gold-200 underline-offset-4 hover:underline',
};

/**
 * The default height, side padding and text size, each left out when the caller gives its own: two
 * classes for one property are decided by the stylesheet's order (Tailwind puts px-5 after px-3),
 * never by the order in `className`, so a caller's `px-3` beside ours would silently lose.
 */
function sizeClasses(className: string): string {
  const given = (pattern: RegExp) => pattern.test(className);
  return [
    given(/(^|\s)min-h-/) ? '' : 'min-h-12',
    given(/(^|\s)px-/) ? '' : 'px-5',
    given(/(^|\s)text-(xs|sm|base|lg|xl|\d?xl|\[)/) ? '' : 'text-base',
  ].join(' ');
}

export function Button({
  variant = 'primary',
  busy = false,
  className = '',
  children,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex ${sizeClasses(className)} items-center justify-center gap-2 rounded-2xl font-bold transition active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
    >
      {busy && <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      {children}
    </button>
  );
}

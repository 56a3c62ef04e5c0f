import { type ComponentType, type SVGProps, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Link, useLocation } from 'react-router';

export interface BottomMenuEntry {
  key: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  to?: string;
  onSelect?: () => void;
  active?: boolean;
}

/** Height of the bottom menu's targets (h-16); the toasts sit above it (app/providers.tsx). */
export const BOTTOM_MENU_HEIGHT_PX = 64;

/**
 * Fixed bottom navigation, 64 px tall targets; the active entry is marked for screen readers too.
 * A tapped entry shows as active at once, while its screen's code and data are on their way: the
 * menu's own state, drawn before the router's render of the screen that is leaving.
 */
export function BottomMenu({ entries }: { entries: BottomMenuEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [tap, setTap] = useState<{ to: string; from: string }>();
  const pendingTo = tap && tap.from === pathname && tap.to !== pathname ? tap.to : undefined;
  return (
    <nav className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-night-900/95 pb-[env(safe-area-inset-bottom)] backdrop-blur" aria-label={t('common.menu')}>
      <ul className="mx-auto grid max-w-lg" style={{ gridTemplateColumns: `repeat(${entries.length}, minmax(0, 1fr))` }}>
        {entries.map(({ key, label, icon: Icon, to, onSelect, active: arrived }) => {
          const pending = pendingTo !== undefined && to === pendingTo;
          const active = pendingTo === undefined ? arrived : pending;
          const className = `flex h-16 w-full flex-col items-center justify-center gap-1 text-[11px] font-semibold leading-tight transition ${
            active ? 'text-gold-300' : 'text-white/60 hover:text-white'
          }`;
          const content = (
            <>
              <Icon className={`h-6 w-6 ${active ? 'drop-shadow-[0_0_6px_rgba(245,197,66,0.6)]' : ''}`} />
              <span className="max-w-full truncate px-1">{label}</span>
            </>
          );
          return (
            <li key={key}>
              {to ? (
                <Link
                  to={to}
                  onClick={() => setTap({ to, from: pathname })}
                  className={className}
                  aria-current={arrived ? 'page' : undefined}
                  aria-busy={pending || undefined}
                  data-testid={`menu-${key}`}
                >
                  {content}
                </Link>
              ) : (
                <button type="button" onClick={onSelect} className={className} data-testid={`menu-${key}`}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

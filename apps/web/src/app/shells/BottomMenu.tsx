import { type ComponentType, type SVGProps, memo } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Link } from 'react-router';

export interface BottomMenuEntry {
  key: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  to?: string;
  /** A button's action. */
  onSelect?: () => void;
  /** The screen shown is this entry's. */
  active?: boolean;
  /** Tapped, its screen on its way: drawn as the active entry meanwhile (ADR 0450). */
  pending?: boolean;
}

/** Height of the bottom menu's targets (h-16); the toasts sit above it (app/providers.tsx). */
export const BOTTOM_MENU_HEIGHT_PX = 64;

/**
 * Fixed bottom navigation, 64 px tall targets; the active entry is marked for screen readers too.
 * `onTabTap` hears which link was tapped. Each entry is drawn again only when its own props change:
 * a tap changes two of them.
 */
export function BottomMenu({ entries, onTabTap }: { entries: BottomMenuEntry[]; onTabTap?: (to: string) => void }) {
  const { t } = useTranslation();
  const waiting = entries.some((entry) => entry.pending);
  return (
    <nav className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-night-900/95 pb-[env(safe-area-inset-bottom)] backdrop-blur" aria-label={t('common.menu')}>
      <ul className="mx-auto grid max-w-lg" style={{ gridTemplateColumns: `repeat(${entries.length}, minmax(0, 1fr))` }}>
        {entries.map(({ key, active, pending, ...entry }) => (
          <Entry key={key} name={key} {...entry} active={active} pending={pending} lit={waiting ? pending : active} onTabTap={onTabTap} />
        ))}
      </ul>
    </nav>
  );
}

const Entry = memo(function Entry({
  name,
  label,
  icon: Icon,
  to,
  onSelect,
  active,
  pending,
  lit,
  onTabTap,
}: Omit<BottomMenuEntry, 'key'> & { name: string; lit?: boolean; onTabTap?: (to: string) => void }) {
  const className = `flex h-16 w-full flex-col items-center justify-center gap-1 text-[11px] font-semibold leading-tight transition ${
    lit ? 'text-gold-300' : 'text-white/60 hover:text-white'
  }`;
  const content = (
    <>
      <Icon className={`h-6 w-6 ${lit ? 'drop-shadow-[0_0_6px_rgba(245,197,66,0.6)]' : ''}`} />
      <span className="max-w-full truncate px-1">{label}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} onClick={onTabTap && (() => onTabTap(to))} className={className} aria-current={active ? 'page' : undefined} aria-busy={pending || undefined} data-testid={`menu-${name}`}>
          {content}
        </Link>
      ) : (
        <button type="button" onClick={onSelect} className={className} data-testid={`menu-${name}`}>
          {content}
        </button>
      )}
    </li>
  );
});

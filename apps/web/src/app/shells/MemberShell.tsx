import { useTranslation } from '../../shared/i18n/useTranslation';
import { Suspense, lazy, useCallback, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useOverlay } from '../../shared/overlays/overlays';
import { useSignOut } from '../../shared/api/useSignOut';
import { LanguageSelect } from '../../shared/i18n/LanguageSelect';
import { ChatIcon, HomeIcon, LogoMark } from '../../shared/ui/icons';
import { ListIcon, LogoutIcon, ProfileIcon, ScrollIcon } from '../../shared/ui/more-icons';
import { APP_NAME } from '../../env';
import { OverlayHost } from '../overlays';
import { BottomMenu } from './BottomMenu';
import { useActiveMenu } from './useActiveMenu';
import { useTappedTab } from './useTappedTab';
import { useWhenIdle, whenIdle } from '../../shared/useWhenIdle';
import { prefetchHomeReads } from './first-reads';

/**
 * The menu's own screens beyond home, the same modules as the router's (which loads each on its first
 * visit), loaded once the first screen is idle so that a tab's first tap finds its code there. Not
 * shared with the router: a module of both would put these names in /login's first file.
 */
const TAB_SCREENS = [() => import('../../features/statement/StatementPage'), () => import('../../features/profile/ProfilePage')];

/**
 * The reality check counts from the session's sign-in (the server says when), so it can start
 * once the first screen is drawn: its code, its dialog's and its first call wait for that.
 */
const RealityCheck = lazy(() => import('../../features/figures/RealityCheck').then((module) => ({ default: module.RealityCheck })));

prefetchHomeReads(window.location.pathname);

/** The member area, with the host of its overlays (only member screens open overlays). */
export function MemberShell() {
  return (
    <OverlayHost>
      <MemberArea />
    </OverlayHost>
  );
}

function MemberArea() {
  const { t } = useTranslation();
  const logout = useSignOut();
  const overlay = useOverlay();
  const { pathname } = useLocation();
  const idle = useWhenIdle();
  // An overlay belongs to the screen it was opened on: leaving it (or the session ending and
  // sending the member to /login) closes it, as unmounting the screen would.
  useEffect(() => () => overlay.closeAll(), [pathname, overlay]);
  // After the first screen's own later code (its effects queue first): the tabs' screens, one idle moment each.
  useEffect(() => {
    const takeBack = TAB_SCREENS.map((load) => whenIdle(load));
    return () => takeBack.forEach((cancel) => cancel());
  }, []);

  return (
    <div className="min-h-dvh pb-24">
      <header className="sticky top-0 z-30 border-b border-white/10 bg-night-900/90 backdrop-blur">
        {/* Wraps rather than clips when the phone's text size is large. */}
        <div className="mx-auto flex min-h-14 max-w-lg flex-wrap items-center justify-between gap-2 px-4">
          <div className="flex min-w-0 items-center gap-2">
            <LogoMark className="h-8 w-8 shrink-0" />
            <span className="font-bold tracking-wide [overflow-wrap:anywhere]">{APP_NAME}</span>
          </div>
          <div className="flex items-center gap-1">
            <LanguageSelect />
            <button
              type="button"
              onClick={() => void logout()}
              aria-label={t('menu.logout')}
              data-testid="logout"
              className="grid h-11 w-11 place-items-center rounded-full text-white/80 hover:bg-white/10"
            >
              <LogoutIcon className="h-6 w-6" />
            </button>
          </div>
        </div>
      </header>
      <div className="pt-4">
        <Outlet />
      </div>
      {idle && (
        <Suspense fallback={null}>
          <RealityCheck onLogout={logout} />
        </Suspense>
      )}
      <MemberMenu />
    </div>
  );
}

/**
 * The member area's bottom menu, with the entry a member tapped in its own state: a tap draws the
 * menu again, not the header and the screen around it (ADR 0474).
 */
function MemberMenu() {
  const { t } = useTranslation();
  const active = useActiveMenu();
  const overlay = useOverlay();
  const { pendingTo, tapped } = useTappedTab();
  const tab = (to: string) => ({ to, pending: pendingTo === to });
  const openConditions = useCallback(() => void overlay.open('conditions', {}), [overlay]);
  return (
    <BottomMenu
      onTabTap={tapped}
      entries={[
        { key: 'profile', label: t('menu.profile'), icon: ProfileIcon, ...tab('/user/profile'), active: active === 'profile' },
        { key: 'conditions', label: t('menu.conditions'), icon: ScrollIcon, onSelect: openConditions },
        { key: 'home', label: t('menu.home'), icon: HomeIcon, ...tab('/user/home'), active: active === 'home' },
        { key: 'statement', label: t('menu.statement'), icon: ListIcon, ...tab('/user/statement'), active: active === 'statement' },
        { key: 'contact', label: t('menu.contact'), icon: ChatIcon, ...tab('/user/contact'), active: active === 'contact' },
      ]}
    />
  );
}

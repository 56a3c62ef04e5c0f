import { useTranslation } from '../../shared/i18n/useTranslation';
import { Outlet, useLocation } from 'react-router';
import { LanguageSelect } from '../../shared/i18n/LanguageSelect';
import { ChatIcon, HomeIcon, LogoMark, PlayIcon, UserPlusIcon } from '../../shared/ui/icons';
import { APP_NAME } from '../../env';
import { BottomMenu } from './BottomMenu';
import { useActiveMenu } from './useActiveMenu';

export function PublicShell() {
  const { t } = useTranslation();
  const active = useActiveMenu();
  // SPEC §2: contact hides the top spacing in the public shell.
  const flush = useLocation().pathname === '/contact';
  return (
    <div className="min-h-dvh pb-24">
      <header className={`mx-auto flex max-w-lg items-center justify-between px-4 ${flush ? 'pt-3' : 'pt-6 pb-4'}`}>
        <div className="flex items-center gap-2">
          <LogoMark className="h-9 w-9" />
          <span className="text-lg font-bold tracking-wide">{APP_NAME}</span>
        </div>
        <LanguageSelect />
      </header>
      <Outlet />
      <BottomMenu
        entries={[
          { key: 'home', label: t('menu.home'), icon: HomeIcon, to: '/login', active: active === 'home' },
          { key: 'register', label: t('menu.register'), icon: UserPlusIcon, to: '/register', active: active === 'register' },
          { key: 'howto', label: t('menu.howto'), icon: PlayIcon, to: '/howto', active: active === 'howto' },
          { key: 'contact', label: t('menu.contact'), icon: ChatIcon, to: '/contact', active: active === 'contact' },
        ]}
      />
    </div>
  );
}

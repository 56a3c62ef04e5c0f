import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, NOTICE_TEMPLATE_EDITORS, messageResponse } from '@wallet/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { api, clearToken, setSignedOutHandler } from '../shared/api/client';
import { hasRole, useMe } from '../shared/api/me';
import { Button } from '../shared/ui/Button';
import { BooksBanner } from '../features/books/BooksBanner';

/** The desk: a menu that follows the operator's roles, the language, signing out. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const roles = me.data?.roles;
  useEffect(() => {
    setSignedOutHandler(() => {
      queryClient.clear();
      navigate('/login');
    });
  }, [navigate, queryClient]);

  const links = [
    { to: '/', label: t('nav.queues'), show: hasRole(roles, 'admin', 'finance') },
    { to: '/bank-credits', label: t('nav.bankCredits'), show: hasRole(roles, 'admin', 'finance') },
    { to: '/inbox', label: t('nav.inbox'), show: hasRole(roles, 'admin', 'support') },
    { to: '/members', label: t('nav.members'), show: !!roles },
    { to: '/corrections', label: t('nav.corrections'), show: hasRole(roles, 'admin', 'finance') },
    { to: '/promotions', label: t('nav.promotions'), show: hasRole(roles, 'admin', 'marketing') },
    { to: '/spinwheels', label: t('nav.spinwheels'), show: hasRole(roles, 'admin', 'marketing') },
    { to: '/notice-templates', label: t('nav.noticeTemplates'), show: hasRole(roles, ...NOTICE_TEMPLATE_EDITORS) },
    { to: '/campaigns', label: t('nav.campaigns'), show: hasRole(roles, 'admin', 'marketing') },
    { to: '/approvals', label: t('nav.approvals'), show: hasRole(roles, 'admin', 'marketing') },
    { to: '/dashboard', label: t('nav.dashboard'), show: hasRole(roles, 'admin', 'finance', 'marketing') },
    { to: '/books', label: t('nav.books'), show: hasRole(roles, 'admin', 'finance') },
    { to: '/reconciliation', label: t('nav.reconciliation'), show: hasRole(roles, 'admin', 'finance') },
    { to: '/risk', label: t('nav.risk'), show: hasRole(roles, 'admin', 'finance', 'marketing') },
    { to: '/protection', label: t('nav.protection'), show: hasRole(roles, 'admin', 'support') },
    { to: '/settings', label: t('nav.settings'), show: !!roles },
    { to: '/operators', label: t('nav.operators'), show: hasRole(roles, 'admin') },
    { to: '/audit', label: t('nav.audit'), show: hasRole(roles, 'admin') },
    { to: '/account', label: t('nav.account'), show: !!roles },
  ].filter((link) => link.show);

  async function signOut() {
    await api.post('/api/admin/logout', undefined, { schema: messageResponse }).catch(() => undefined);
    clearToken();
    queryClient.clear();
    navigate('/login');
  }

  return (
    <div className="min-h-dvh">
      <header className="flex min-h-12 items-center gap-6 border-b border-white/10 bg-desk-900 px-5 py-1.5">
        <span className="whitespace-nowrap font-bold">{t('nav.title')}</span>
        {/* Whole items wrap to a second row when the language's words are long; a word is never broken. */}
        <nav className="flex flex-wrap gap-1" data-testid="console-nav">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={({ isActive }) => `whitespace-nowrap rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-white/10 font-semibold' : 'text-white/70 hover:text-white'}`}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <span className="whitespace-nowrap text-white/60" data-testid="console-operator">{me.data?.username}</span>
          <select aria-label={t('common.language')} className="h-8 rounded-md border border-white/15 bg-desk-900 px-2" value={i18n.language} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>{language.toUpperCase()}</option>
            ))}
          </select>
          <Button variant="secondary" className="whitespace-nowrap" onClick={() => void signOut()} data-testid="console-sign-out">{t('nav.signOut')}</Button>
        </div>
      </header>
      <BooksBanner show={hasRole(roles, 'admin', 'finance')} />
      <main className="mx-auto max-w-[1400px] px-5 py-5">{me.data && <Outlet />}</main>
    </div>
  );
}

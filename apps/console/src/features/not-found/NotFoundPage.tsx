import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** An address the console does not have: said plainly inside the shell, with the menu still there. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="mx-auto mt-16 max-w-lg rounded-xl border border-white/10 bg-desk-900 p-8 text-center" data-testid="not-found">
      <p className="text-sm font-semibold text-white/50">404</p>
      <h1 className="mt-2 text-lg font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-sm text-white/70">{t('notFound.body')}</p>
      <p className="mt-2 font-mono text-xs text-white/50">{pathname}</p>
      <Link to="/" className="mt-6 inline-flex h-9 items-center rounded-lg bg-accent-400 px-3 text-sm font-semibold text-desk-950 hover:bg-accent-300">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

import { useTranslation } from '../../shared/i18n/useTranslation';
import { Link } from 'react-router';
import { Page } from '../../shared/ui/Page';

export function Graphic404() {
  return (
    <svg viewBox="0 0 240 120" className="mx-auto w-64" role="img" aria-label="404">
      <defs>
        <linearGradient id="g404" x1="0" x2="1">
          <stop offset="0" stopColor="#fde9a8" />
          <stop offset="1" stopColor="#e2a90f" />
        </linearGradient>
      </defs>
      <text x="120" y="92" textAnchor="middle" fontSize="96" fontWeight="800" fill="url(#g404)" fontFamily="system-ui, sans-serif">
        4
        <tspan dx="4" fill="none" stroke="url(#g404)" strokeWidth="6">0</tspan>
        <tspan dx="4">4</tspan>
      </text>
    </svg>
  );
}

/** SPEC §2: any other path shows Page Not Found with a 404 graphic. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')} className="grid min-h-dvh place-items-center text-center">
      <div data-testid="not-found">
        <Graphic404 />
        <h1 className="mt-4 text-2xl font-bold">{t('notFound.title')}</h1>
        <p className="mt-2 text-white/60">{t('notFound.body')}</p>
        <Link to="/" className="mt-6 inline-flex min-h-12 items-center rounded-2xl border border-white/15 px-6 font-bold text-gold-300">
          {t('notFound.home')}
        </Link>
      </div>
    </Page>
  );
}

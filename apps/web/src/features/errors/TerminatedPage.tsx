import { useTranslation } from '../../shared/i18n/useTranslation';
import { Page } from '../../shared/ui/Page';
import { Graphic404 } from './NotFoundPage';

/** SPEC §2: shown when the operator has terminated the site; its title is Page not found. */
export function TerminatedPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('terminated.title')} className="grid min-h-dvh place-items-center text-center">
      <div data-testid="terminated">
        <Graphic404 />
        <h1 className="mt-4 text-2xl font-bold">{t('terminated.title')}</h1>
        <p className="mt-2 text-white/60">{t('terminated.body')}</p>
      </div>
    </Page>
  );
}

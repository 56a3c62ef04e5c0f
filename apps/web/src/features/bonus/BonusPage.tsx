import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../shared/ui/Page';

/** The bonus grid arrives with the promotions work; the route exists now. */
export function BonusPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('bonus.title')}>
      <Card>
        <h1 className="text-2xl font-bold">{t('bonus.title')}</h1>
        <p className="mt-4 text-white/60">{t('common.comingSoon')}</p>
      </Card>
    </Page>
  );
}

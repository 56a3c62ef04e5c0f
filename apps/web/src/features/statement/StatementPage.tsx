import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../shared/ui/Page';

/** The statement list arrives with the money-in-and-out work; the route and menu exist now. */
export function StatementPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('statement.title')}>
      <Card>
        <h1 className="text-2xl font-bold">{t('statement.title')}</h1>
        <p className="mt-4 text-white/60">{t('common.comingSoon')}</p>
      </Card>
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../shared/ui/Page';
import { useProfile } from '../profile/api';

/** Placeholder until the wallet issue: greets the member by name. */
export function HomePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Page title={t('menu.home')}>
      <Card>
        <p className="text-sm text-white/60">{t('app.tagline')}</p>
        <h1 className="mt-1 text-2xl font-bold" data-testid="home-name">
          {profile.data ? t('home.hello', { name: profile.data.profile.name }) : t('common.loading')}
        </h1>
        {profile.data && <p className="mt-1 text-sm text-white/50">{t('home.memberId', { id: profile.data.profile._id })}</p>}
        <p className="mt-6 rounded-2xl border border-dashed border-white/15 p-4 text-center text-white/60">{t('home.walletSoon')}</p>
      </Card>
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { hasRole, useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { TabBar, useTabInAddress } from '../../shared/ui/Tabs';
import { HarmCasesPanel } from './HarmCasesPanel';
import { HarmRulesPanel } from './HarmRulesPanel';

const TABS = ['cases', 'rules'] as const;

/**
 * Player protection's markers of harm: the cases the server opens when a member's play and money
 * show signs of harm, each with a one-hour clock to a first action, and the marker rules that score
 * them (an admin changes one as a new version).
 */
export function ProtectionPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [tab, setTab] = useTabInAddress(TABS);
  if (!me.data) return <p className="text-white/50">{me.error ? errorText(me.error) : '…'}</p>;
  return (
    <div className="space-y-4" data-testid="harm-page">
      <h1 className="text-lg font-bold">{t('harm.title')}</h1>
      <TabBar tabs={TABS} current={tab} onChange={setTab} label={(name) => t(`harm.tabs.${name}`)} testId="harm-tab" />
      {tab === 'cases' && <HarmCasesPanel />}
      {tab === 'rules' && <HarmRulesPanel canChange={hasRole(me.data.roles, 'admin')} />}
    </div>
  );
}

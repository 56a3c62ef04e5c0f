import { useTranslation } from 'react-i18next';
import { hasRole, useMe } from '../../shared/api/me';
import { TabBar, useTabInAddress } from '../../shared/ui/Tabs';
import { HeldPanel } from './HeldPanel';
import { RulesPanel } from './RulesPanel';

const TABS = ['held', 'rules'] as const;

/**
 * The risk decisions the server takes on money movements: what the rules held or refused, with a
 * release where one applies, and the rules themselves (an admin changes a rule's mode and
 * thresholds as a new version).
 */
export function RiskPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabInAddress(TABS);
  const isAdmin = hasRole(useMe().data?.roles, 'admin');
  return (
    <div className="space-y-4" data-testid="risk-page">
      <h1 className="text-lg font-bold">{t('risk.title')}</h1>
      <TabBar tabs={TABS} current={tab} onChange={setTab} label={(name) => t(`risk.tabs.${name}`)} testId="risk-tab" />
      {tab === 'held' && <HeldPanel />}
      {tab === 'rules' && <RulesPanel canChange={isAdmin} />}
    </div>
  );
}

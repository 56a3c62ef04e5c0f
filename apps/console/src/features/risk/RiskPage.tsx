import { useTranslation } from 'react-i18next';
import { hasRole, useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { TabBar, useTabInAddress } from '../../shared/ui/Tabs';
import { CasesPanel } from './CasesPanel';
import { HeldPanel } from './HeldPanel';
import { RulesPanel } from './RulesPanel';

const DESK_TABS = ['cases', 'held', 'rules'] as const;
// Marketing works its inbox of cases; held movements and the rules are the money desk's.
const CASE_TABS = ['cases'] as const;

/**
 * The risk decisions the server takes on money movements: what the rules held or refused, with a
 * release where one applies, and the rules themselves (an admin changes a rule's mode and
 * thresholds as a new version). First the cases: the alerts of each member, worked in an inbox.
 */
export function RiskPage() {
  const { t } = useTranslation();
  const me = useMe();
  const roles = me.data?.roles;
  const desk = hasRole(roles, 'admin', 'finance');
  const tabs = desk ? DESK_TABS : CASE_TABS;
  const [tab, setTab] = useTabInAddress<(typeof DESK_TABS)[number]>(tabs);
  const isAdmin = hasRole(roles, 'admin');
  // The tabs follow the roles: none is shown before they are known, so none appears and goes.
  if (!me.data) return <p className="text-white/50">{me.error ? errorText(me.error) : '…'}</p>;
  return (
    <div className="space-y-4" data-testid="risk-page">
      <h1 className="text-lg font-bold">{t('risk.title')}</h1>
      <TabBar tabs={tabs} current={tab} onChange={setTab} label={(name) => t(`risk.tabs.${name}`)} testId="risk-tab" />
      {tab === 'cases' && <CasesPanel roles={roles} />}
      {tab === 'held' && <HeldPanel />}
      {tab === 'rules' && <RulesPanel canChange={isAdmin} />}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useUnownedOverDay } from '../../shared/api/unowned-exceptions';
import { ExceptionsPanel } from './ExceptionsPanel';
import { RulesPanel } from './RulesPanel';
import { RunsPanel } from './RunsPanel';
import { TabBar, useTabInAddress } from '../../shared/ui/Tabs';

const TABS = ['exceptions', 'runs', 'rules'] as const;

/**
 * Reconciliation with the outside records (the providers' histories, the gateway's settlement
 * report, the bank statement): the exceptions queue with an owner for each, the runs kept, and each
 * source's matching rule with a dry run before a new version is saved.
 */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabInAddress(TABS);
  const unowned = useUnownedOverDay(true).data;
  return (
    <div className="space-y-4" data-testid="reconciliation-page">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="text-lg font-bold">{t('reconciliation.title')}</h1>
        {unowned !== undefined && (
          <p className={`rounded-lg border px-3 py-1.5 text-sm ${unowned > 0 ? 'border-rose-400/40 bg-rose-500/10 text-rose-200' : 'border-white/10 text-white/70'}`} data-testid="reconciliation-unowned">
            {t('reconciliation.unownedOverDay')}: <span className="font-mono font-bold">{unowned}</span>
          </p>
        )}
      </div>
      <TabBar tabs={TABS} current={tab} onChange={setTab} label={(name) => t(`reconciliation.tabs.${name}`)} testId="reconciliation-tab" />
      {tab === 'exceptions' && <ExceptionsPanel />}
      {tab === 'runs' && <RunsPanel />}
      {tab === 'rules' && <RulesPanel />}
    </div>
  );
}

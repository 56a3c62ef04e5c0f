import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnownedOverDay } from '../../shared/api/unowned-exceptions';
import { ExceptionsPanel } from './ExceptionsPanel';
import { RulesPanel } from './RulesPanel';
import { RunsPanel } from './RunsPanel';

const TABS = ['exceptions', 'runs', 'rules'] as const;
type Tab = (typeof TABS)[number];

/**
 * Reconciliation with the outside records (the providers' histories, the gateway's settlement
 * report, the bank statement): the exceptions queue with an owner for each, the runs kept, and each
 * source's matching rule with a dry run before a new version is saved.
 */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((name) => name === asked) ?? 'exceptions';
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
      <nav className="flex gap-2 border-b border-white/10" role="tablist">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${tab === name ? 'border-accent-300 text-white' : 'border-transparent text-white/60 hover:text-white'}`}
            onClick={() => setParams({ tab: name })}
            data-testid={`reconciliation-tab-${name}`}
          >
            {t(`reconciliation.tabs.${name}`)}
          </button>
        ))}
      </nav>
      {tab === 'exceptions' && <ExceptionsPanel />}
      {tab === 'runs' && <RunsPanel />}
      {tab === 'rules' && <RulesPanel />}
    </div>
  );
}

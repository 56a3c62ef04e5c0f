import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../shared/i18n';
import { useRiskMetrics } from './api/risk-metrics';

/** Seconds as the desk reads a wait: minutes under two hours, then hours, then days (one decimal). */
export function durationText(seconds: number, t: (key: string, values: Record<string, unknown>) => string): string {
  if (seconds < 60) return t('dashboard.risk.seconds', { count: Math.round(seconds) });
  if (seconds < 2 * 3600) return t('dashboard.risk.minutes', { count: Math.round(seconds / 60) });
  if (seconds < 2 * 86_400) return t('dashboard.risk.hours', { count: Math.round((seconds / 3600) * 10) / 10 });
  return t('dashboard.risk.days', { count: Math.round((seconds / 86_400) * 10) / 10 });
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10} %`;

/** The last 30 days' risk work: how long an alert waits for its decision, and how often each rule was wrong. */
export function RiskMetricsTile() {
  const { t } = useTranslation();
  const metrics = useRiskMetrics();
  const data = metrics.data;
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="dashboard-risk">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 className="font-bold">{t('dashboard.risk.title', { days: data?.days ?? 30 })}</h2>
        <Link to="/risk" className="text-sm text-accent-300 underline">{t('dashboard.risk.toCases')}</Link>
      </div>
      {metrics.error && <p className="text-sm text-rose-300">{errorText(metrics.error)}</p>}
      {data && (
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-6">
          <div>
            <p className="text-xs text-white/60">{t('dashboard.risk.median')}</p>
            <p className="mt-1 font-mono text-xl font-bold" data-testid="dashboard-risk-median">
              {data.medianAlertToDecisionSeconds === null ? '-' : durationText(data.medianAlertToDecisionSeconds, t)}
            </p>
            <p className="text-xs text-white/50">{t('dashboard.risk.decided', { count: data.alertsDecided })}</p>
          </div>
          {data.rules.length === 0 ? (
            <p className="text-sm text-white/50">{t('dashboard.risk.noRules')}</p>
          ) : (
            <table className="w-full text-sm" data-testid="dashboard-risk-rules">
              <thead className="text-left text-xs text-white/50">
                <tr>
                  <th className="py-1 pr-3 font-normal">{t('risk.ruleColumns.rule')}</th>
                  <th className="py-1 pr-3 text-right font-normal">{t('dashboard.risk.alerts')}</th>
                  <th className="py-1 pr-3 text-right font-normal">{t('dashboard.risk.falsePositives')}</th>
                  <th className="py-1 text-right font-normal">{t('dashboard.risk.rate')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rules.map((rule) => (
                  <tr key={rule.code} className="border-t border-white/5" data-testid={`dashboard-risk-rule-${rule.code}`}>
                    <td className="py-1 pr-3">{t(`risk.names.${rule.code}`, { defaultValue: rule.code })}</td>
                    <td className="py-1 pr-3 text-right font-mono">{rule.alerts}</td>
                    <td className="py-1 pr-3 text-right font-mono">{rule.falsePositives}</td>
                    <td className={`py-1 text-right font-mono ${rule.falsePositiveRate !== null && rule.falsePositiveRate >= 0.5 ? 'text-amber-300' : ''}`}>{rule.falsePositiveRate === null ? '-' : percent(rule.falsePositiveRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}

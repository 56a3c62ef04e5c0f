import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../shared/i18n';
import { useHarmMetrics } from './api/harm-metrics';

/** A share as the desk reads it: a whole percent, or "-" when nothing was opened. */
const share = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)} %`);

/**
 * Player protection's harm cases: open now and past their one-hour clock, and over the last days
 * how soon the desk first acted (the median) and how often within the hour.
 */
export function HarmMetricsTile() {
  const { t } = useTranslation();
  const metrics = useHarmMetrics();
  const data = metrics.data;
  const figures = data
    ? [
        { key: 'open', label: t('dashboard.harm.open'), value: String(data.open), alarm: false },
        { key: 'overdue', label: t('dashboard.harm.overdue'), value: String(data.overdue), alarm: data.overdue > 0 },
        { key: 'median', label: t('dashboard.harm.median', { days: data.days }), value: data.medianMinutesToFirstAction === null ? '-' : t('dashboard.risk.minutes', { count: Math.round(data.medianMinutesToFirstAction) }), alarm: false },
        { key: 'within-hour', label: t('dashboard.harm.withinHour', { days: data.days }), value: share(data.actedWithinHour, data.opened), note: t('dashboard.harm.ofOpened', { acted: data.actedWithinHour, opened: data.opened }), alarm: false },
      ]
    : [];
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="dashboard-harm">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 className="font-bold">{t('dashboard.harm.title')}</h2>
        <Link to="/protection" className="text-sm text-accent-300 underline">{t('dashboard.harm.toCases')}</Link>
      </div>
      {metrics.error && <p className="text-sm text-rose-300">{errorText(metrics.error)}</p>}
      {data && (
        <div className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.key}>
              <p className="text-xs text-white/60">{figure.label}</p>
              <p className={`mt-1 font-mono text-xl font-bold ${figure.alarm ? 'text-rose-300' : ''}`} data-testid={`dashboard-harm-${figure.key}`}>{figure.value}</p>
              {figure.note && <p className="text-xs text-white/50">{figure.note}</p>}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

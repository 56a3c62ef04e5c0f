import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n';
import { useNoticeFigures } from './api/notice-figures';

/** A share as the desk reads it: a whole percent, or "-" when there is nothing to count. */
const share = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)} %`);
const seconds = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)} s`);

/**
 * Notices members were sent outside the app over the last day: how many reached them, how many
 * within 30 s of their event, and per channel what was tried and how long it took.
 */
export function NoticesTile() {
  const { t } = useTranslation();
  const figures = useNoticeFigures();
  const data = figures.data;
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="dashboard-notices">
      <h2 className="mb-3 font-bold">{t('dashboard.notices.title', { hours: data?.hours ?? 24 })}</h2>
      {figures.error && <p className="text-sm text-rose-300">{errorText(figures.error)}</p>}
      {data && (
        <>
          <div className="grid grid-cols-2 gap-6 lg:grid-cols-4">
            <div>
              <p className="text-xs text-white/60">{t('dashboard.notices.delivered')}</p>
              <p className="mt-1 font-mono text-xl font-bold" data-testid="dashboard-notices-delivered">{share(data.sent, data.sent + data.undelivered)}</p>
              <p className="text-xs text-white/50">{t('dashboard.notices.ofDue', { sent: data.sent, due: data.sent + data.undelivered })}</p>
            </div>
            <div>
              <p className="text-xs text-white/60">{t('dashboard.notices.within30')}</p>
              <p className="mt-1 font-mono text-xl font-bold" data-testid="dashboard-notices-within">{share(data.sentWithin30Seconds, data.sent)}</p>
            </div>
            <div>
              <p className="text-xs text-white/60">{t('dashboard.notices.suppressed')}</p>
              <p className="mt-1 font-mono text-xl font-bold">{data.suppressed}</p>
            </div>
            <div>
              <p className="text-xs text-white/60">{t('dashboard.notices.pending')}</p>
              <p className={`mt-1 font-mono text-xl font-bold ${data.undelivered > 0 ? 'text-rose-300' : ''}`}>{data.pending}</p>
              {data.undelivered > 0 && <p className="text-xs text-rose-300">{t('dashboard.notices.undelivered', { count: data.undelivered })}</p>}
            </div>
          </div>
          <table className="mt-4 w-full text-left text-sm">
            <thead className="text-xs text-white/60">
              <tr>
                <th className="py-1 font-normal">{t('dashboard.notices.channel')}</th>
                <th className="py-1 font-normal">{t('dashboard.notices.sent')}</th>
                <th className="py-1 font-normal">{t('dashboard.notices.failed')}</th>
                <th className="py-1 font-normal">{t('dashboard.notices.unreachable')}</th>
                <th className="py-1 font-normal">{t('dashboard.notices.delay')}</th>
              </tr>
            </thead>
            <tbody className="font-mono">
              {data.channels.map((row) => (
                <tr key={row.channel} className="border-t border-white/5" data-testid={`dashboard-notices-${row.channel}`}>
                  <td className="py-1 font-sans">{t(`notices.channels.${row.channel}`)}</td>
                  <td className="py-1">{row.sent}</td>
                  <td className={`py-1 ${row.failed > 0 ? 'text-amber-300' : ''}`}>{row.failed}</td>
                  <td className="py-1">{row.unreachable}</td>
                  <td className="py-1">{`${seconds(row.medianSeconds)} / ${seconds(row.p95Seconds)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

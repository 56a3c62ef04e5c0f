import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/i18n';
import { useAutoPayout } from '../../shared/api/auto-payout';
import { durationText, shareText } from '../../shared/ui/duration';
import { useBankAutoFigures } from './api/money-without-staff';

/**
 * Money that moved without staff: the share of bank deposits credited by themselves (today and the
 * last 30 days, with the 95th-percentile transfer-to-credit time), and the share of withdrawals the
 * bank paid by itself with the median and 95th-percentile request-to-paid time.
 */
export function MoneyWithoutStaffTile() {
  const { t } = useTranslation();
  const deposits = useBankAutoFigures();
  const payouts = useAutoPayout();
  const periods = deposits.data?.periods ?? [];
  const figures = payouts.data?.figures;
  const tiles = [
    ...periods.map((period) => ({
      key: `deposits-${period.period}`,
      label: t(period.period === 'today' ? 'dashboard.noStaff.depositsToday' : 'dashboard.noStaff.depositsDays30'),
      value: shareText(period.shareByItself),
      note: t('dashboard.noStaff.depositsNote', { byItself: period.byItself, received: period.received, p95: durationText(t, period.delaySeconds.byItself?.p95 ?? null) }),
    })),
    ...(figures
      ? [
          {
            key: 'withdrawals',
            label: t('dashboard.noStaff.withdrawals', { days: figures.days }),
            value: shareText(figures.shareAutoPaid),
            note: t('dashboard.noStaff.withdrawalsNote', { paid: figures.autoPaid, all: figures.withdrawals, median: durationText(t, figures.medianSecondsToPaid), p95: durationText(t, figures.p95SecondsToPaid) }),
          },
        ]
      : []),
  ];
  const error = deposits.error ?? payouts.error;
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="dashboard-no-staff">
      <h2 className="mb-3 font-bold">{t('dashboard.noStaff.title')}</h2>
      {error && <p className="text-sm text-rose-300">{errorText(error)}</p>}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {tiles.map((tile) => (
          <div key={tile.key}>
            <p className="text-xs text-white/60">{tile.label}</p>
            <p className="mt-1 font-mono text-xl font-bold" data-testid={`dashboard-no-staff-${tile.key}`}>{tile.value}</p>
            <p className="text-xs text-white/50">{tile.note}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

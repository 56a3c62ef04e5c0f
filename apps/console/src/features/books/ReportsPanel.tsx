import { type CurrencyCode, DAILY_FIGURES_MAX_DAYS, type DailyFiguresResponse, walletCurrencyOf } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorText } from '../../shared/i18n';
import { SITE_PROFILE } from '../../shared/site';
import { Button } from '../../shared/ui/Button';
import { CurrencyField, TextField } from '../../shared/ui/Field';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useDailyFigures } from './api/daily-figures';
import { exportDailyFigures } from './api/export-daily-figures';

type Day = DailyFiguresResponse['days'][number];
const DAY_MS = 86_400_000;
const siteDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SITE_PROFILE.timeZone }).format(at);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Minor units (decimal string) → major units, for charts and the money format. */
const major = (minor: string) => Number(minor) / 100;
const keysOf = (days: Day[], pick: (day: Day) => Record<string, unknown>) => [...new Set(days.flatMap((day) => Object.keys(pick(day))))].sort();

/**
 * The operator's daily figures from the ledger (docs/operations.md "Daily figures"): charts of the
 * gaming result and money in and out, a table of every figure per gaming day, and the CSV of any range.
 */
export function ReportsPanel() {
  const { t } = useTranslation();
  const today = siteDay(new Date());
  const currencies = SITE_PROFILE.currencies.map((currency) => walletCurrencyOf(currency));
  const [range, setRange] = useState({ from: shiftDay(today, -(DAILY_FIGURES_MAX_DAYS - 1)), to: today, currency: currencies[0] as CurrencyCode });
  const [exporting, setExporting] = useState(false);
  const span = dayNumber(range.to) - dayNumber(range.from) + 1;
  const valid = Number.isFinite(span) && span >= 1;
  const charted = valid && span <= DAILY_FIGURES_MAX_DAYS;
  const figures = useDailyFigures(range, charted).data;
  const money = (minor: string) => formatMoney(major(minor), 'en', figures?.currency ?? range.currency);
  const days = figures?.days ?? [];
  const providers = keysOf(days, (day) => day.ggrByProvider);
  const rewardKinds = keysOf(days, (day) => day.rewardCostByKind);
  const methods = keysOf(days, (day) => day.depositsByMethod);
  const series = days.map((day) => ({
    day: day.day.slice(5),
    ggr: major(day.ggr),
    ngr: major(day.ngr),
    deposits: major(day.deposits.amount),
    withdrawals: major(day.withdrawals.amount),
  }));
  const exportCsv = () => {
    setExporting(true);
    exportDailyFigures(range)
      .catch((error: unknown) => toast.error(errorText(error)))
      .finally(() => setExporting(false));
  };
  const headCell = 'whitespace-nowrap px-2 py-1 text-left font-semibold text-white/70';
  const cell = 'whitespace-nowrap px-2 py-1 text-right font-mono';
  return (
    <div className="space-y-4" data-testid="books-reports">
      <div className="flex flex-wrap items-end gap-3">
        <TextField className="w-44" type="date" label={t('books.reports.from')} value={range.from} max={range.to} onChange={(event) => setRange({ ...range, from: event.target.value })} data-testid="reports-from" />
        <TextField className="w-44" type="date" label={t('books.reports.to')} value={range.to} min={range.from} onChange={(event) => setRange({ ...range, to: event.target.value })} data-testid="reports-to" />
        {currencies.length > 1 && (
          <CurrencyField className="w-48" currencies={currencies} value={range.currency} onChange={(event) => setRange({ ...range, currency: event.target.value as CurrencyCode })} data-testid="reports-currency" />
        )}
        <Button variant="secondary" busy={exporting} disabled={!valid} onClick={exportCsv} data-testid="reports-export">
          {t('common.exportCsv')}
        </Button>
      </div>
      {!charted && valid && <p className="text-sm text-amber-200">{t('books.reports.tooLong', { days: DAILY_FIGURES_MAX_DAYS })}</p>}
      {figures && charted && (
        <>
          <p className="text-xs text-white/50">{t('books.reports.through', { time: formatTime(figures.sweptAt), zone: figures.timeZone })}</p>
          <div className="grid gap-4 xl:grid-cols-2">
            <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
              <h2 className="mb-3 font-bold">{t('books.reports.revenueChart')}</h2>
              <ResponsiveContainer width="100%" height={220}>
                <LineChart data={series}>
                  <CartesianGrid stroke="#2a3750" vertical={false} />
                  <XAxis dataKey="day" stroke="#8893a7" fontSize={11} />
                  <YAxis stroke="#8893a7" fontSize={11} />
                  <Tooltip contentStyle={{ background: '#161e2d', border: '1px solid #2a3750' }} />
                  <Legend />
                  <Line dataKey="ggr" name={t('books.reports.ggr')} stroke="#f5c542" dot={false} />
                  <Line dataKey="ngr" name={t('books.reports.ngr')} stroke="#60a5fa" dot={false} />
                </LineChart>
              </ResponsiveContainer>
            </section>
            <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
              <h2 className="mb-3 font-bold">{t('books.reports.moneyChart')}</h2>
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={series}>
                  <CartesianGrid stroke="#2a3750" vertical={false} />
                  <XAxis dataKey="day" stroke="#8893a7" fontSize={11} />
                  <YAxis stroke="#8893a7" fontSize={11} />
                  <Tooltip contentStyle={{ background: '#161e2d', border: '1px solid #2a3750' }} />
                  <Legend />
                  <Bar dataKey="deposits" name={t('books.reports.deposits')} fill="#34d399" />
                  <Bar dataKey="withdrawals" name={t('books.reports.withdrawals')} fill="#fb7185" />
                </BarChart>
              </ResponsiveContainer>
            </section>
          </div>
          <section className="overflow-x-auto rounded-xl border border-white/10 bg-desk-900 p-2">
            <table className="text-xs" data-testid="reports-table">
              <thead>
                <tr>
                  <th className={headCell}>{t('books.reports.day')}</th>
                  <th className={headCell}>{t('books.reports.ggr')}</th>
                  {providers.map((provider) => <th key={`ggr-${provider}`} className={headCell}>{t('books.reports.ggrOf', { provider })}</th>)}
                  {rewardKinds.map((kind) => <th key={`reward-${kind}`} className={headCell}>{t('books.reports.rewardOf', { kind: t(`books.reports.rewardKinds.${kind}`, { defaultValue: kind }) })}</th>)}
                  <th className={headCell}>{t('books.reports.ngr')}</th>
                  {methods.map((method) => <th key={`deposit-${method}`} className={headCell}>{t('books.reports.depositsOf', { method })}</th>)}
                  <th className={headCell}>{t('books.reports.deposits')}</th>
                  <th className={headCell}>{t('books.reports.withdrawals')}</th>
                  <th className={headCell}>{t('books.reports.registrations')}</th>
                  <th className={headCell}>{t('books.reports.firstDepositors')}</th>
                  <th className={headCell}>{t('books.reports.activeMembers')}</th>
                  <th className={headCell}>{t('books.reports.coinsIssued')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day} className="border-t border-white/5" data-testid={`reports-day-${day.day}`}>
                    <td className="whitespace-nowrap px-2 py-1 font-mono">{day.day}</td>
                    <td className={cell}>{money(day.ggr)}</td>
                    {providers.map((provider) => <td key={provider} className={cell}>{money(day.ggrByProvider[provider] ?? '0')}</td>)}
                    {rewardKinds.map((kind) => <td key={kind} className={cell}>{money(day.rewardCostByKind[kind] ?? '0')}</td>)}
                    <td className={cell}>{money(day.ngr)}</td>
                    {methods.map((method) => {
                      const tally = day.depositsByMethod[method];
                      return <td key={method} className={cell}>{tally ? `${money(tally.amount)} (${tally.count})` : '-'}</td>;
                    })}
                    <td className={cell}>{`${money(day.deposits.amount)} (${day.deposits.count})`}</td>
                    <td className={cell}>{`${money(day.withdrawals.amount)} (${day.withdrawals.count})`}</td>
                    <td className={cell}>{day.registrations}</td>
                    <td className={cell}>{day.firstDepositors}</td>
                    <td className={cell}>{day.activeMembers}</td>
                    <td className={cell}>{figures.coinsIssued[day.day] ?? '0'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}

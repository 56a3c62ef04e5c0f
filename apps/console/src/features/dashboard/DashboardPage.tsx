import { type CurrencyCode, sum } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { hasRole, useMe } from '../../shared/api/me';
import { useUnownedOverDay } from '../../shared/api/unowned-exceptions';
import { CurrencyField } from '../../shared/ui/Field';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useDashboard } from './api/dashboard';
import { HarmMetricsTile } from './HarmMetricsTile';
import { MoneyWithoutStaffTile } from './MoneyWithoutStaffTile';
import { NoticesTile } from './NoticesTile';
import { RiskMetricsTile } from './RiskMetricsTile';

/** Today and the last 30 days: money in and out, members, rewards, the gaming result, and what waits. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<CurrencyCode | undefined>();
  const dashboard = useDashboard(currency).data;
  // Reconciliation is finance's: marketing sees the dashboard without it.
  const roles = useMe().data?.roles;
  const desk = hasRole(roles, 'admin', 'finance');
  // Harm cases are player protection's: the admins' and support's, as their queue is.
  const protection = hasRole(roles, 'admin', 'support');
  const unowned = useUnownedOverDay(desk).data;
  if (!dashboard) return <p className="text-white/50">…</p>;
  const today = dashboard.today;
  const money = (value: number) => formatMoney(value, 'en', dashboard.currency);
  const figures = [
    { label: t('dashboard.deposits'), value: money(sum(Object.values(today.deposits))), note: t('dashboard.count', { count: today.depositCount }) },
    { label: t('dashboard.withdrawals'), value: money(today.withdrawals), note: t('dashboard.count', { count: today.withdrawalCount }) },
    { label: t('dashboard.newMembers'), value: String(today.newMembers) },
    { label: t('dashboard.bonusCost'), value: money(today.bonusCost) },
    { label: t('dashboard.netGaming'), value: money(today.netGaming) },
  ];
  const days = dashboard.days.map((day) => ({ date: day.date.slice(5), deposits: sum(Object.values(day.deposits)), withdrawals: day.withdrawals, netGaming: day.netGaming }));
  return (
    <div className="space-y-5" data-testid="dashboard">
      {/* Kip and baht are never added together: one currency at a time where the site has both. */}
      {dashboard.currencies.length > 1 && (
        <CurrencyField className="w-48" currencies={dashboard.currencies} value={dashboard.currency} onChange={(event) => setCurrency(event.target.value as CurrencyCode)} data-testid="dashboard-currency" />
      )}
      <div className={`grid grid-cols-2 gap-3 ${unowned === undefined ? 'lg:grid-cols-5' : 'lg:grid-cols-6'}`}>
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border border-white/10 bg-desk-900 p-4">
            <p className="text-xs text-white/60">{figure.label}</p>
            <p className="mt-1 font-mono text-xl font-bold">{figure.value}</p>
            {figure.note && <p className="text-xs text-white/50">{figure.note}</p>}
          </div>
        ))}
        {unowned !== undefined && (
          <Link to="/reconciliation" className={`rounded-xl border p-4 ${unowned > 0 ? 'border-rose-400/40 bg-rose-500/10' : 'border-white/10 bg-desk-900'}`} data-testid="dashboard-unowned">
            <p className="text-xs text-white/60">{t('dashboard.unownedExceptions')}</p>
            <p className={`mt-1 font-mono text-xl font-bold ${unowned > 0 ? 'text-rose-300' : ''}`}>{unowned}</p>
          </Link>
        )}
      </div>
      {/* Risk work is the money desk's, as reconciliation is. */}
      {desk && <MoneyWithoutStaffTile />}
      {desk && <RiskMetricsTile />}
      {protection && <HarmMetricsTile />}
      {(desk || protection) && <NoticesTile />}
      <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
        <h2 className="mb-3 font-bold">{t('dashboard.last30')}</h2>
        {/* Follows the width of the desk, or of a tablet. */}
        <ResponsiveContainer width="100%" height={260}>
        <BarChart data={days}>
          <CartesianGrid stroke="#2a3750" vertical={false} />
          <XAxis dataKey="date" stroke="#8893a7" fontSize={11} />
          <YAxis stroke="#8893a7" fontSize={11} />
          <Tooltip contentStyle={{ background: '#161e2d', border: '1px solid #2a3750' }} />
          <Legend />
          <Bar dataKey="deposits" name={t('dashboard.series.deposits')} fill="#34d399" />
          <Bar dataKey="withdrawals" name={t('dashboard.series.withdrawals')} fill="#fb7185" />
          <Bar dataKey="netGaming" name={t('dashboard.series.netGaming')} fill="#f5c542" />
        </BarChart>
        </ResponsiveContainer>
      </section>
      <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
        <h2 className="mb-3 font-bold">{t('dashboard.queues')}</h2>
        <table className="text-sm">
          <tbody>
            {dashboard.queues.map((queue) => (
              <tr key={queue.queue}>
                <td className="pr-6">{t(`dashboard.queue.${queue.queue}`)}</td>
                <td className="pr-6 font-mono">{queue.count}</td>
                <td className="text-white/60">{queue.oldestAt ? t('dashboard.oldest', { time: formatTime(queue.oldestAt) }) : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

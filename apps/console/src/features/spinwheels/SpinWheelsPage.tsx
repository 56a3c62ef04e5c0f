import type { ColumnDef } from '@tanstack/react-table';
import type { AdminSpinCampaign, SpinReport } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isPending } from '../../shared/api/pending';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useCampaignStatus, useCampaigns } from './api/campaigns';
import { useCampaignReport } from './api/report';
import { CampaignForm } from './CampaignForm';

const share = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Spin campaigns, one running at a time, and what each paid against its odds. */
export function SpinWheelsPage() {
  const { t, i18n } = useTranslation();
  const campaigns = useCampaigns();
  const status = useCampaignStatus();
  const [creating, setCreating] = useState(false);
  const [reportOf, setReportOf] = useState<string | null>(null);
  const language = i18n.language as 'th' | 'lo' | 'en';

  const columns = useMemo<ColumnDef<AdminSpinCampaign, unknown>[]>(() => {
    const act = (campaign: AdminSpinCampaign, action: 'activate' | 'pause') =>
      status.mutate({ id: campaign._id, action }, { onSuccess: (answer) => toast.success(t(isPending(answer) ? 'approvals.waitingToast' : 'spinwheels.saved')), onError: (failure) => toast.error(errorText(failure)) });
    return [
      { header: t('spinwheels.name'), cell: ({ row }) => row.original.name[language] || row.original.name.th },
      { header: t('common.currency'), cell: ({ row }) => <span className="font-mono">{row.original.currency}</span> },
      { header: t('spinwheels.status'), cell: ({ row }) => <span data-testid={`campaign-status-${row.original._id}`}>{t(`spinwheels.statuses.${row.original.status}`)}</span> },
      { header: t('spinwheels.slices'), cell: ({ row }) => row.original.slices.map((slice) => slice.label[language] || slice.code).join(' · ') },
      { header: t('spinwheels.window'), cell: ({ row }) => `${row.original.startsAt ? formatTime(row.original.startsAt) : '—'} → ${row.original.endsAt ? formatTime(row.original.endsAt) : '—'}` },
      { header: t('spinwheels.spins'), cell: ({ row }) => <span className="font-mono">{row.original.spins}</span> },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <div className="flex gap-2">
            {row.original.status !== 'active' ? (
              <Button variant="secondary" onClick={() => act(row.original, 'activate')} data-testid={`campaign-activate-${row.original._id}`}>{t('spinwheels.activate')}</Button>
            ) : (
              <Button variant="secondary" onClick={() => act(row.original, 'pause')} data-testid={`campaign-pause-${row.original._id}`}>{t('spinwheels.pause')}</Button>
            )}
            <Button variant="secondary" onClick={() => setReportOf(row.original._id)} data-testid={`campaign-report-${row.original._id}`}>{t('spinwheels.report')}</Button>
          </div>
        ),
      },
    ];
  }, [t, language, status]);

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-bold">{t('spinwheels.title')}</h1>
        {!creating && <Button onClick={() => setCreating(true)} data-testid="campaign-new">{t('spinwheels.new')}</Button>}
      </div>
      {creating && <CampaignForm onDone={() => setCreating(false)} />}
      <DataTable columns={columns} rows={campaigns.data?.campaigns ?? []} total={campaigns.data?.campaigns.length ?? 0} page={1} pageSize={1000} testId="campaigns" rowTestId={(row) => `campaign-${row._id}`} />
      {reportOf && <Report id={reportOf} />}
    </div>
  );
}

function Report({ id }: { id: string }) {
  const { t } = useTranslation();
  const report = useCampaignReport(id);
  const columns = useMemo<ColumnDef<SpinReport['slices'][number], unknown>[]>(
    () => [
      { header: t('spinwheels.code'), cell: ({ row }) => <span className="font-mono">{row.original.code}</span> },
      { header: t('spinwheels.label'), cell: ({ row }) => row.original.label },
      { header: t('spinwheels.prize'), cell: ({ row }) => t(`spinwheels.kinds.${row.original.prizeKind}`) },
      { header: t('spinwheels.weight'), cell: ({ row }) => row.original.weight },
      { header: t('spinwheels.expected'), cell: ({ row }) => share(row.original.expectedShare) },
      { header: t('spinwheels.landed'), cell: ({ row }) => `${row.original.spins} (${share(row.original.observedShare)})` },
      { header: t('spinwheels.claimed'), cell: ({ row }) => row.original.claimed },
      { header: t('spinwheels.paid'), cell: ({ row }) => <span className="tabular-nums">{row.original.prizeKind === 'coins' ? t('spinwheels.coinCount', { count: row.original.paid }) : formatMoney(row.original.paid, 'en')}</span> },
    ],
    [t],
  );
  if (!report.data) return null;
  return (
    <section className="space-y-2 rounded-xl border border-white/10 bg-desk-850 p-4" data-testid="campaign-report">
      <h2 className="font-semibold">
        {t('spinwheels.reportTitle', { spins: report.data.spins, baht: formatMoney(report.data.paidBaht, 'en'), coins: report.data.paidCoins })}
      </h2>
      <DataTable columns={columns} rows={report.data.slices} total={report.data.slices.length} page={1} pageSize={100} />
    </section>
  );
}

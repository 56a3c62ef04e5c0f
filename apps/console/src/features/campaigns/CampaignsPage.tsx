import type { ColumnDef } from '@tanstack/react-table';
import type { OfferCampaignItem } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { formatCount, formatTime } from '../../shared/ui/format';
import { CAMPAIGNS_PAGE_SIZE, useCampaigns } from './api/get-campaigns';
import { CampaignForm } from './CampaignForm';

/** Offer campaigns: a new one (segment, counts, texts, send), and each sent one with what became of its notices. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const [composing, setComposing] = useState(false);
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns(page);
  const columns = useMemo<ColumnDef<OfferCampaignItem, unknown>[]>(
    () => [
      { header: t('campaigns.name'), accessorKey: 'name' },
      { header: t('campaigns.status'), accessorKey: 'status', cell: ({ row }) => t(`campaigns.statuses.${row.original.status}`) },
      { header: t('campaigns.sentAt'), accessorKey: 'sentAt', cell: ({ row }) => (row.original.sentAt ? `${formatTime(row.original.sentAt)} · ${row.original.sentBy ?? ''}` : '—') },
      { header: t('campaigns.matched'), accessorKey: 'matched', cell: ({ row }) => (row.original.matched === null ? '—' : formatCount(row.original.matched)) },
      { header: t('campaigns.written'), id: 'written', accessorFn: (row) => row.notices.written, cell: ({ row }) => formatCount(row.original.notices.written) },
      { header: t('campaigns.pending'), id: 'pending', accessorFn: (row) => row.notices.pending, cell: ({ row }) => formatCount(row.original.notices.pending) },
      { header: t('campaigns.sentCount'), id: 'sent', accessorFn: (row) => row.notices.sent, cell: ({ row }) => formatCount(row.original.notices.sent) },
      { header: t('campaigns.suppressed'), id: 'suppressed', accessorFn: (row) => row.notices.suppressed, cell: ({ row }) => formatCount(row.original.notices.suppressed) },
      { header: t('campaigns.undelivered'), id: 'undelivered', accessorFn: (row) => row.notices.undelivered, cell: ({ row }) => formatCount(row.original.notices.undelivered) },
    ],
    [t],
  );
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-semibold">{t('nav.campaigns')}</h1>
        {!composing && (
          <Button onClick={() => setComposing(true)} data-testid="campaign-new">
            {t('campaigns.new')}
          </Button>
        )}
      </div>
      <p className="text-sm text-white/60">{t('campaigns.intro')}</p>
      {composing && <CampaignForm onDone={() => setComposing(false)} />}
      <DataTable columns={columns} rows={campaigns.data?.campaigns ?? []} total={campaigns.data?.total ?? 0} page={page} pageSize={CAMPAIGNS_PAGE_SIZE} onPage={setPage} testId="campaign-list" />
    </div>
  );
}

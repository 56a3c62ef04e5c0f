import type { ColumnDef } from '@tanstack/react-table';
import type { Correction } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useMe } from '../../shared/api/me';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { usePrompt } from '../../shared/ui/PromptDialog';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { exportAllPages } from '../../shared/ui/csv';
import { CORRECTIONS_PAGE_SIZE, listCorrections, useCorrections, useDecideCorrection } from './api/corrections';

const STATUSES = ['proposed', 'approved', 'rejected'] as const;

/** Corrections with four eyes: a proposal waits for a different operator's decision. */
export function CorrectionsPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('proposed');
  const [page, setPage] = useState(1);
  const list = useCorrections(status, page);
  const decide = useDecideCorrection();
  const prompt = usePrompt();
  const columns = useMemo<ColumnDef<Correction, unknown>[]>(() => {
    const own = (row: Correction) => row.proposedBy === me?.username;
    const deciding = (row: Correction, decision?: 'approve' | 'reject') => decide.isPending && decide.variables?.id === row._id && (!decision || decide.variables.decision === decision);
    async function reject(row: Correction) {
      const reason = await prompt.ask({ title: t('corrections.reject'), label: t('corrections.rejectReason') });
      if (reason) decide.mutate({ id: row._id, decision: 'reject', reason }, { onSuccess: () => toast.success(t('corrections.rejectedToast')), onError: toastDecisionFailure });
    }
    return [
      { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
      { header: t('corrections.member'), accessorKey: 'memberPhone', cell: ({ row }) => <Link className="font-mono text-accent-300 underline" to={`/members/${row.original.memberId}`}>{row.original.memberPhone}</Link> },
      { header: t('members.direction'), accessorKey: 'direction', cell: ({ row }) => t(`members.${row.original.direction}`) },
      { header: t('members.amount'), accessorKey: 'amount', cell: ({ row }) => <span className="font-mono">{formatMoney(row.original.amount, 'en')}</span> },
      { header: t('members.reasonCode'), accessorKey: 'reasonCode', cell: ({ row }) => t(`corrections.reasons.${row.original.reasonCode}`) },
      { header: t('members.note'), accessorKey: 'note' },
      { header: t('corrections.proposedBy'), accessorKey: 'proposedBy' },
      { header: t('corrections.decidedBy'), id: 'decidedBy', accessorFn: (row) => row.decidedBy ?? '', cell: ({ row }) => row.original.decidedBy ?? '-' },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          row.original.status !== 'proposed' ? null : own(row.original) ? (
            <span className="text-xs text-white/50">{t('corrections.ownProposal')}</span>
          ) : (
            <div className="flex gap-2">
              <Button
                busy={deciding(row.original, 'approve')}
                disabled={deciding(row.original)}
                onClick={() => decide.mutate({ id: row.original._id, decision: 'approve' }, { onSuccess: () => toast.success(t('corrections.approvedToast')), onError: toastDecisionFailure })}
                data-testid="correction-approve"
              >
                {t('corrections.approve')}
              </Button>
              <Button variant="secondary" busy={deciding(row.original, 'reject')} disabled={deciding(row.original)} onClick={() => void reject(row.original)} data-testid="correction-reject">
                {t('corrections.reject')}
              </Button>
            </div>
          ),
      },
    ];
  }, [t, me, decide, prompt]);
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold">{t('corrections.title')}</h1>
      <div className="flex gap-2" role="tablist">
        {STATUSES.map((value) => (
          <Button key={value} role="tab" aria-selected={status === value} variant={status === value ? 'primary' : 'secondary'} onClick={() => (setStatus(value), setPage(1))}>
            {t(`corrections.${value}`)}
          </Button>
        ))}
        <Button
          variant="secondary"
          onClick={() =>
            void exportAllPages(
              `corrections-${status}.csv`,
              [
                { header: 'time', value: (row: Correction) => row.createdAt },
                { header: 'member', value: (row) => row.memberPhone },
                { header: 'direction', value: (row) => row.direction },
                { header: 'amount', value: (row) => row.amount.toFixed(2) },
                { header: 'reason', value: (row) => row.reasonCode },
                { header: 'note', value: (row) => row.note },
                { header: 'proposed by', value: (row) => row.proposedBy },
                { header: 'decided by', value: (row) => row.decidedBy },
                { header: 'decided at', value: (row) => row.decidedAt },
              ],
              async (next) => {
                const answer = await listCorrections(status, next, 100);
                return { rows: answer.corrections, total: answer.total };
              },
            )
          }
        >
          {t('common.exportCsv')}
        </Button>
      </div>
      <DataTable columns={columns} rows={list.data?.corrections ?? []} total={list.data?.total ?? 0} page={page} pageSize={CORRECTIONS_PAGE_SIZE} onPage={setPage} testId="corrections" rowTestId={(row) => `correction-${row.memberPhone}`} />
      {prompt.dialog}
    </div>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import type { ConfigChange } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useMe } from '../../shared/api/me';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { usePrompt } from '../../shared/ui/PromptDialog';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatTime } from '../../shared/ui/format';
import { useDecideConfigChange } from './api/decide-config-change';
import { CONFIG_CHANGES_PAGE_SIZE, type ConfigChangeStatus, useConfigChanges } from './api/list-config-changes';

const STATUSES = ['proposed', 'approved', 'rejected'] as const;
// Texts, names and colours are not money: the list shows what a change does to what is paid.
const HIDDEN = new Set(['offerKind', 'name', 'description', 'slices', 'campaignId', 'clearMode', 'startsAt', 'endsAt', 'sortOrder', 'type', 'inviteInfo', 'refundInfo', 'code', 'currency']);
// What is paid first, then how often and under what condition.
const ORDER = ['rewardAmount', 'rewardPercent', 'rewardCap', 'minimumDeposit', 'hasCondition', 'globalCap', 'maxReceived', 'expectedPerCoin', 'coinValue', 'topPrize'];
const MONEY = new Set(['rewardAmount', 'rewardCap', 'minimumDeposit', 'expectedPerCoin', 'coinValue', 'topPrize']);
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

function shown(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return String(value);
}

/** Before → after of each money figure a change touches. */
function ChangeLines({ change }: { change: ConfigChange }) {
  const { t } = useTranslation();
  const keys = Object.keys(change.after)
    .filter((key) => !HIDDEN.has(key))
    .sort((a, b) => rank(a) - rank(b));
  // A site setting set to null (player protection's) is back to the site profile's default.
  const settingShown = (value: unknown) => (change.kind === 'settings.change' && value === null ? t('approvals.siteDefault') : shown(value));
  return (
    <ul className="space-y-0.5">
      {keys.map((key) => (
        <li key={key} data-testid={`config-change-${key}`}>
          <span className="text-white/60">{t(`approvals.keys.${key}`, { defaultValue: t(`settings.fields.${key}`, { defaultValue: key }) })}:</span>{' '}
          {change.before ? <span className="font-mono">{settingShown(change.before[key])}</span> : <span className="text-white/50">{t('approvals.new')}</span>} →{' '}
          <strong className="font-mono">{settingShown(change.after[key])}</strong>
          {change.currency && MONEY.has(key) ? <span className="text-white/50"> {change.currency}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Money-making configuration that waits for a second operator, and what was decided. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [status, setStatus] = useState<ConfigChangeStatus>('proposed');
  const [page, setPage] = useState(1);
  const list = useConfigChanges(status, page);
  const decide = useDecideConfigChange();
  const prompt = usePrompt();
  const columns = useMemo<ColumnDef<ConfigChange, unknown>[]>(() => {
    const busy = (row: ConfigChange, decision: 'approve' | 'reject') => decide.isPending && decide.variables?.id === row._id && decide.variables.decision === decision;
    const onError = toastDecisionFailure;
    async function reject(row: ConfigChange) {
      const note = await prompt.ask({ title: t('approvals.reject'), label: t('approvals.rejectNote') });
      if (note) decide.mutate({ id: row._id, decision: 'reject', note }, { onSuccess: () => toast.success(t('approvals.rejectedToast')), onError });
    }
    return [
      { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
      {
        header: t('approvals.what'),
        cell: ({ row }) => (
          <div>
            <div className="font-semibold">{t(`approvals.kinds.${row.original.kind}`)}</div>
            <div className="font-mono text-xs text-white/60">{row.original.kind === 'spin.activate' ? String(row.original.after.name ?? row.original.subject) : row.original.subject}</div>
          </div>
        ),
      },
      { header: t('approvals.why'), cell: ({ row }) => <ul className="text-xs">{row.original.reasons.map((reason) => <li key={reason}>{t(`approvals.reasons.${reason}`)}</li>)}</ul> },
      { header: t('approvals.change'), cell: ({ row }) => <ChangeLines change={row.original} /> },
      { header: t('corrections.proposedBy'), accessorKey: 'proposedBy' },
      { header: t('corrections.decidedBy'), id: 'decidedBy', accessorFn: (row) => row.decidedBy ?? '', cell: ({ row }) => (row.original.decidedBy ? `${row.original.decidedBy}${row.original.decisionNote ? ` — ${row.original.decisionNote}` : ''}` : '-') },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          row.original.status !== 'proposed' ? null : row.original.proposedBy === me?.username ? (
            <span className="text-xs text-white/50">{t('approvals.ownProposal')}</span>
          ) : (
            <div className="flex gap-2">
              <Button busy={busy(row.original, 'approve')} onClick={() => decide.mutate({ id: row.original._id, decision: 'approve' }, { onSuccess: () => toast.success(t('approvals.approvedToast')), onError })} data-testid="config-approve">
                {t('approvals.approve')}
              </Button>
              <Button variant="secondary" busy={busy(row.original, 'reject')} onClick={() => void reject(row.original)}>{t('approvals.reject')}</Button>
            </div>
          ),
      },
    ];
  }, [t, me, decide, prompt]);
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold">{t('approvals.title')}</h1>
      <p className="text-sm text-white/60">{t('approvals.intro')}</p>
      <div className="flex gap-2" role="tablist">
        {STATUSES.map((value) => (
          <Button key={value} role="tab" aria-selected={status === value} variant={status === value ? 'primary' : 'secondary'} onClick={() => (setStatus(value), setPage(1))}>
            {t(`approvals.${value}`)}
          </Button>
        ))}
      </div>
      <DataTable columns={columns} rows={list.data?.changes ?? []} total={list.data?.total ?? 0} page={page} pageSize={CONFIG_CHANGES_PAGE_SIZE} onPage={setPage} testId="config-changes" rowTestId={(row) => `config-change-${row.subject}`} />
      {prompt.dialog}
    </div>
  );
}

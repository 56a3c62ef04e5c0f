import type { ColumnDef } from '@tanstack/react-table';
import { RECONCILIATION_SOURCES, type ReconciliationRun, type ReconciliationSourceName } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { SelectField, TextField } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { RUNS_PAGE_SIZE, useRuns } from './api/list-runs';
import { useRunNow } from './api/run-now';
import { siteDay } from './figures';

const count = (value: number | null) => (value === null ? '-' : value.toLocaleString('en'));

/** Every run kept, the schedule's and the desk's, and a run of a source's day now. */
export function RunsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const runs = useRuns(page).data;
  const runNow = useRunNow();
  const [asked, setAsked] = useState<{ source: ReconciliationSourceName; day: string }>({ source: 'provider', day: siteDay(new Date()) });
  const [failure, setFailure] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<ReconciliationRun, unknown>[]>(
    () => [
      { header: t('reconciliation.startedAt'), accessorKey: 'startedAt', cell: ({ row }) => <span className="whitespace-nowrap">{formatTime(row.original.startedAt)}</span> },
      { header: t('reconciliation.source'), accessorKey: 'source', cell: ({ row }) => t(`reconciliation.sources.${row.original.source}`) },
      { header: t('reconciliation.day'), accessorKey: 'day', cell: ({ row }) => <span className="whitespace-nowrap font-mono">{row.original.day}</span> },
      { header: t('reconciliation.ruleVersion'), accessorKey: 'ruleVersion', cell: ({ row }) => `v${row.original.ruleVersion}` },
      { header: t('reconciliation.askedBy'), id: 'askedBy', accessorFn: (row) => row.askedBy ?? '', cell: ({ row }) => row.original.askedBy ?? <span className="text-white/60">{t('reconciliation.schedule')}</span> },
      { header: t('reconciliation.oursCount'), accessorKey: 'ours', cell: ({ row }) => <span className="font-mono">{count(row.original.ours)}</span> },
      { header: t('reconciliation.theirsCount'), accessorKey: 'theirs', cell: ({ row }) => <span className="font-mono">{count(row.original.theirs)}</span> },
      { header: t('reconciliation.matchedCount'), accessorKey: 'matched', cell: ({ row }) => <span className="font-mono">{count(row.original.matched)}</span> },
      {
        header: t('reconciliation.exceptionsCount'),
        accessorKey: 'exceptions',
        cell: ({ row }) => <span className={`font-mono ${row.original.exceptions ? 'font-bold text-amber-200' : ''}`}>{count(row.original.exceptions)}</span>,
      },
      {
        header: t('reconciliation.outcome'),
        id: 'outcome',
        cell: ({ row }) =>
          row.original.error ? (
            <span className="text-xs text-rose-300" title={row.original.error}>{row.original.error.slice(0, 80)}</span>
          ) : row.original.finishedAt ? (
            <span className="text-emerald-300">{t('reconciliation.finished')}</span>
          ) : (
            <span className="text-white/60">{t('reconciliation.running')}</span>
          ),
      },
    ],
    [t],
  );
  const run = () => {
    setFailure(null);
    runNow.mutate(asked, {
      onSuccess: (done) =>
        done.error ? toast.error(t('reconciliation.runFailed', { error: done.error })) : toast.success(t('reconciliation.ranToast', { matched: done.matched ?? 0, exceptions: done.exceptions ?? 0 })),
      onError: (error) => {
        setFailure(errorText(error));
        toast.error(errorText(error));
      },
    });
  };
  return (
    <div className="space-y-4" data-testid="reconciliation-runs">
      <section className="flex flex-wrap items-end gap-3 rounded-xl border border-white/10 bg-desk-900 p-4">
        <SelectField className="w-52" label={t('reconciliation.source')} value={asked.source} onChange={(event) => setAsked({ ...asked, source: event.target.value as ReconciliationSourceName })} data-testid="run-source">
          {RECONCILIATION_SOURCES.map((source) => (
            <option key={source} value={source}>{t(`reconciliation.sources.${source}`)}</option>
          ))}
        </SelectField>
        <TextField className="w-44" type="date" label={t('reconciliation.day')} value={asked.day} onChange={(event) => setAsked({ ...asked, day: event.target.value })} data-testid="run-day" />
        <Button busy={runNow.isPending} disabled={!/^\d{4}-\d{2}-\d{2}$/.test(asked.day)} onClick={run} data-testid="run-now">
          {t('reconciliation.runNow')}
        </Button>
        <p className="max-w-md text-xs text-white/60">{t('reconciliation.runsAbout')}</p>
        {failure && <p role="alert" className="w-full text-xs text-rose-300">{failure}</p>}
      </section>
      {runs && <DataTable columns={columns} rows={runs.runs} total={runs.total} page={page} pageSize={RUNS_PAGE_SIZE} onPage={setPage} testId="runs" rowTestId={(row) => `run-${row.source}-${row.day}`} />}
    </div>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import { RECONCILIATION_SOURCES, type ReconciliationException, type ReconciliationSourceName } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { SelectField } from '../../shared/ui/Field';
import { AgeText } from './AgeText';
import { ExceptionDialog } from './ExceptionDialog';
import { EXCEPTIONS_PAGE_SIZE, type ExceptionsFilter, useExceptions } from './api/list-exceptions';
import { differenceOf, minorMoney } from './figures';

/** A reference and its amount, one above the other. */
function Side({ reference, amount, currency }: { reference: string; amount: string | null; currency: string }) {
  return (
    <div className="leading-tight">
      <div className="max-w-[15rem] truncate font-mono text-xs text-white/70" title={reference}>{reference || '-'}</div>
      <div className="font-mono">{minorMoney(amount, currency)}</div>
    </div>
  );
}

/** The exceptions queue: what did not match, oldest first, each with its age and owner; a row opens its detail. */
export function ExceptionsPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ExceptionsFilter>({ status: 'waiting', source: null });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useExceptions(filter, page).data;
  const columns = useMemo<ColumnDef<ReconciliationException, unknown>[]>(
    () => [
      { header: t('reconciliation.source'), accessorKey: 'source', cell: ({ row }) => t(`reconciliation.sources.${row.original.source}`) },
      { header: t('reconciliation.day'), accessorKey: 'day', cell: ({ row }) => <span className="whitespace-nowrap font-mono">{row.original.day}</span> },
      { header: t('reconciliation.kind'), accessorKey: 'kind', cell: ({ row }) => t(`reconciliation.kinds.${row.original.kind}`) },
      { header: t('reconciliation.ours'), id: 'ours', cell: ({ row }) => <Side reference={row.original.ourRef} amount={row.original.ourAmount} currency={row.original.currency} /> },
      { header: t('reconciliation.theirs'), id: 'theirs', cell: ({ row }) => <Side reference={row.original.theirRef} amount={row.original.theirAmount} currency={row.original.currency} /> },
      {
        header: t('reconciliation.difference'),
        id: 'difference',
        accessorFn: (row) => Number(differenceOf(row)),
        cell: ({ row }) => (
          <span className="whitespace-nowrap font-mono">
            {minorMoney(differenceOf(row.original), row.original.currency)} <span className="text-xs text-white/50">{row.original.currency}</span>
          </span>
        ),
      },
      { header: t('reconciliation.age'), accessorKey: 'ageSeconds', cell: ({ row }) => <AgeText exception={row.original} /> },
      { header: t('reconciliation.assignee'), id: 'assignee', accessorFn: (row) => row.assignee ?? '', cell: ({ row }) => row.original.assignee ?? <span className="text-white/40">{t('reconciliation.noOwner')}</span> },
      { header: t('reconciliation.status'), accessorKey: 'status', cell: ({ row }) => t(`reconciliation.statuses.${row.original.status}`) },
      {
        id: 'open',
        header: '',
        cell: ({ row }) => (
          <Button variant="secondary" onClick={() => setOpenId(row.original.id)} data-testid="exception-open">
            {t('reconciliation.open')}
          </Button>
        ),
      },
    ],
    [t],
  );
  return (
    <div className="space-y-3" data-testid="reconciliation-exceptions">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex gap-2" role="tablist">
          {(['waiting', 'all'] as const).map((status) => (
            <Button key={status} role="tab" aria-selected={filter.status === status} variant={filter.status === status ? 'primary' : 'secondary'} onClick={() => (setFilter({ ...filter, status }), setPage(1))} data-testid={`exceptions-${status}`}>
              {t(`reconciliation.filter.${status}`)}
            </Button>
          ))}
        </div>
        <SelectField
          className="w-52"
          label={t('reconciliation.source')}
          value={filter.source ?? ''}
          onChange={(event) => (setFilter({ ...filter, source: (event.target.value || null) as ReconciliationSourceName | null }), setPage(1))}
          data-testid="exceptions-source"
        >
          <option value="">{t('reconciliation.allSources')}</option>
          {RECONCILIATION_SOURCES.map((source) => (
            <option key={source} value={source}>{t(`reconciliation.sources.${source}`)}</option>
          ))}
        </SelectField>
      </div>
      {list && (
        <DataTable
          columns={columns}
          rows={list.exceptions}
          total={list.total}
          page={page}
          pageSize={EXCEPTIONS_PAGE_SIZE}
          onPage={setPage}
          testId="exceptions"
          rowTestId={(row) => `exception-${row.id}`}
        />
      )}
      {openId && <ExceptionDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import { STATEMENT_TYPE_FILTERS, type StatementFilter, type StatementTypeFilter, formatReference, statementResponse } from '@wallet/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDS_PAGE_SIZE, fetchMemberRecords, statementFilterQuery, useMemberStatement } from '../api/member-records';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportButton';
import { SelectField, TextField } from './Field';
import { formatMoney, formatTime } from './format';

const money = (value: number): ReactNode => <span className={`font-mono ${value < 0 ? 'text-rose-300' : ''}`}>{formatMoney(value, 'en')}</span>;

/**
 * A member's statement as the member sees it, with the member's filters and a CSV of it. In shared/
 * because the member page and a risk case (the movements in question) both show it.
 */
export function MemberStatement({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<StatementFilter>({});
  const data = useMemberStatement(id, page, filter).data;
  // A new filter is a new list: back to its first page.
  const refine = (change: StatementFilter) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
  };
  type Entry = NonNullable<typeof data>['statements'][number];
  const columns: ColumnDef<Entry, unknown>[] = [
    { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
    { header: t('members.kind'), accessorKey: 'statementType', cell: ({ row }) => t(`statementTypes.${row.original.statementType}`) },
    { header: t('members.account'), cell: ({ row }) => `${row.original.from} → ${row.original.to}` },
    { header: t('members.reference'), id: 'reference', cell: ({ row }) => (row.original.reference ? <span className="font-mono">{formatReference(row.original.reference)}</span> : '-') },
    { header: t('members.status'), accessorKey: 'status' },
    { header: t('members.amount'), accessorKey: 'amount', cell: ({ row }) => money(row.original.amount) },
  ];
  return (
    <>
      <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
        <div className="flex flex-wrap items-end gap-2" data-testid="member-statement-filters">
          <SelectField className="w-44" label={t('members.statementFilter.type')} value={filter.type ?? 'all'} onChange={(event) => refine({ type: event.target.value as StatementTypeFilter })} data-testid="member-statement-type">
            {STATEMENT_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>{t(`members.statementFilter.types.${type}`)}</option>
            ))}
          </SelectField>
          <TextField className="w-40" type="date" label={t('members.statementFilter.from')} value={filter.from ?? ''} max={filter.to} onChange={(event) => refine({ from: event.target.value || undefined })} data-testid="member-statement-from" />
          <TextField className="w-40" type="date" label={t('members.statementFilter.to')} value={filter.to ?? ''} min={filter.from} onChange={(event) => refine({ to: event.target.value || undefined })} data-testid="member-statement-to" />
        </div>
        <ExportButton
          fileName={`member-${id}-statement.csv`}
          columns={[{ header: 'time', value: (row: Entry) => row.createdAt }, { header: 'type', value: (row) => row.statementType }, { header: 'from', value: (row) => row.from }, { header: 'to', value: (row) => row.to }, { header: 'reference', value: (row) => row.reference ?? '' }, { header: 'status', value: (row) => row.status }, { header: 'amount', value: (row) => row.amount.toFixed(2) }]}
          loadPage={async (next) => {
            const answer = await fetchMemberRecords(id, 'statement', next, statementResponse, statementFilterQuery(filter));
            return { rows: answer.statements, total: answer.total };
          }}
        />
      </div>
    <DataTable columns={columns} rows={data?.statements ?? []} total={data?.total ?? 0} pageSize={RECORDS_PAGE_SIZE} page={page} onPage={setPage} testId="member-statement" />
    </>
  );
}

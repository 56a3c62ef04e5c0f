import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import type { memberSummary } from '@wallet/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { TextField } from '../../shared/ui/Field';
import { formatCount, formatMoney, formatTime } from '../../shared/ui/format';
import { exportAllPages } from '../../shared/ui/csv';
import { MEMBERS_PAGE_SIZE, searchMembers, useMemberSearch } from './api/search-members';
import { ReferenceResult } from './ReferenceResult';

type Member = z.infer<typeof memberSummary>;

/** Find a member by phone, id, name, bank account or invite code; or a deposit or withdrawal by its reference. */
export function MembersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 1);
  const [typed, setTyped] = useState(q);
  const members = useMemberSearch(q, page);
  const columns = useMemo<ColumnDef<Member, unknown>[]>(
    () => [
      { header: t('members.phone'), accessorKey: 'phone', cell: ({ row }) => <Link className="font-mono text-accent-300 underline" to={`/members/${row.original._id}`}>{row.original.phone}</Link> },
      { header: 'ID', id: '_id', accessorFn: (member) => Number(member._id), cell: ({ row }) => row.original._id },
      { header: t('members.name'), accessorKey: 'name' },
      { header: t('members.bank'), cell: ({ row }) => `${row.original.bankCode} ${row.original.bankAccountNo}` },
      { header: t('members.status'), accessorKey: 'status', cell: ({ row }) => (row.original.status === 'active' ? t('members.statusActive') : <span className="text-rose-300">{t('members.statusBlocked')}</span>) },
      { header: t('members.wallet'), accessorKey: 'wallet', cell: ({ row }) => <span className="font-mono">{formatMoney(row.original.wallet, 'en')}</span> },
      { header: t('members.joined'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
    ],
    [t],
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: typed.trim(), page: '1' });
  };
  return (
    <div className="space-y-4">
      <form className="flex items-end gap-2" onSubmit={search}>
        <TextField className="w-96" label={t('members.searchLabel')} placeholder={t('members.searchHint')} name="memberSearch" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit" data-testid="member-search">{t('common.search')}</Button>
        <Button
          variant="secondary"
          onClick={() =>
            void exportAllPages(
              'members.csv',
              [
                { header: 'id', value: (row: Member) => row._id },
                { header: 'phone', value: (row) => row.phone },
                { header: 'name', value: (row) => row.name },
                { header: 'status', value: (row) => row.status },
                { header: 'bank', value: (row) => `${row.bankCode} ${row.bankAccountNo}` },
                { header: 'wallet', value: (row) => row.wallet.toFixed(2) },
                { header: 'joined', value: (row) => row.createdAt },
              ],
              async (next) => {
                const answer = await searchMembers(q, next, 100);
                return { rows: answer.members, total: answer.total, totalCapped: answer.totalCapped };
              },
            )
          }
        >
          {t('common.exportCsv')}
        </Button>
      </form>
      <ReferenceResult q={q} />
      {members.data && (
        // Every member, or a broad search, is counted to 1,000 only: "more than".
        <p className="text-sm text-white/60" data-testid="member-count">
          {t(members.data.totalCapped ? 'members.foundMore' : 'members.found', { total: formatCount(members.data.total) })}
        </p>
      )}
      <DataTable
        columns={columns}
        rows={members.data?.members ?? []}
        total={members.data?.total ?? 0}
        totalCapped={members.data?.totalCapped ?? false}
        page={page}
        pageSize={MEMBERS_PAGE_SIZE}
        onPage={(next) => setParams({ q, page: String(next) })}
        testId="member-results"
      />
    </div>
  );
}

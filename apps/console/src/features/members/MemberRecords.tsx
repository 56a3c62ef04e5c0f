import type { ColumnDef } from '@tanstack/react-table';
import type { MemberDetail } from '@wallet/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useMe } from '../../shared/api/me';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { LEDGER_PAGE_SIZE, useMemberLedger } from './api/get-member-ledger';
import { RECORDS_PAGE_SIZE, fetchMemberRecords, useMemberAuditTrail, useMemberInvitees, useMemberSlips, useMemberWithdrawals } from '../../shared/api/member-records';
import { MemberStatement } from '../../shared/ui/MemberStatement';
import { ExportButton } from '../../shared/ui/ExportButton';
import { RequestId } from '../../shared/ui/RequestId';
import { adminSlipsResponse, adminWithdrawalsResponse, formatReference, memberInviteesResponse, memberLedgerResponse } from '@wallet/contract';

const TABS = ['ledger', 'statement', 'withdrawals', 'slips', 'invitees', 'sessions', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** The member's records, a tab each: ledger lines, statement, withdrawals, slips, invitees, sessions, audit trail. */
export function MemberRecords({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const admin = hasRole(useMe().data?.roles, 'admin');
  const [tab, setTab] = useState<Tab>('ledger');
  const shown = TABS.filter((candidate) => candidate !== 'audit' || admin);
  return (
    <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
      <div className="mb-3 flex gap-1" role="tablist">
        {shown.map((candidate) => (
          <Button key={candidate} role="tab" aria-selected={tab === candidate} variant={tab === candidate ? 'primary' : 'secondary'} onClick={() => setTab(candidate)} data-testid={`member-tab-${candidate}`}>
            {t(`members.tabs.${candidate}`)}
          </Button>
        ))}
      </div>
      {tab === 'ledger' && <Ledger id={member._id} />}
      {tab === 'statement' && <MemberStatement id={member._id} />}
      {tab === 'withdrawals' && <Withdrawals id={member._id} />}
      {tab === 'slips' && <Slips id={member._id} />}
      {tab === 'invitees' && <Invitees id={member._id} />}
      {tab === 'sessions' && <Sessions sessions={member.sessions} />}
      {tab === 'audit' && <AuditTrail id={member._id} />}
    </section>
  );
}

function Paged<Row>({ columns, rows, total, totalCapped, pageSize, page, onPage, testId }: { columns: ColumnDef<Row, unknown>[]; rows: Row[] | undefined; total: number | undefined; totalCapped?: boolean | undefined; pageSize: number; page: number; onPage: (page: number) => void; testId: string }) {
  return <DataTable columns={columns} rows={rows ?? []} total={total ?? 0} totalCapped={totalCapped ?? false} page={page} pageSize={pageSize} onPage={onPage} testId={testId} />;
}

const money = (value: number): ReactNode => <span className={`font-mono ${value < 0 ? 'text-rose-300' : ''}`}>{formatMoney(value, 'en')}</span>;

function Ledger({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const data = useMemberLedger(id, page).data;
  type Line = NonNullable<typeof data>['lines'][number];
  const columns: ColumnDef<Line, unknown>[] = [
    { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
    { header: t('members.account'), accessorKey: 'account' },
    { header: t('members.counterpart'), accessorKey: 'counterpart' },
    { header: t('members.kind'), accessorKey: 'kind' },
    { header: t('members.amount'), accessorKey: 'amount', cell: ({ row }) => money(row.original.amount) },
    { header: t('common.requestId'), id: 'requestId', cell: ({ row }) => <RequestId id={row.original.requestId} /> },
  ];
  return (
    <>
      <div className="mb-2 flex justify-end">
        <ExportButton
          fileName={`member-${id}-ledger.csv`}
          columns={[{ header: 'time', value: (row: Line) => row.createdAt }, { header: 'account', value: (row) => row.account }, { header: 'other side', value: (row) => row.counterpart }, { header: 'kind', value: (row) => row.kind }, { header: 'reference', value: (row) => row.reference }, { header: 'amount', value: (row) => row.amount.toFixed(2) }, { header: 'request id', value: (row) => row.requestId ?? '' }]}
          loadPage={async (next) => {
            const answer = await fetchMemberRecords(id, 'ledger', next, memberLedgerResponse);
            return { rows: answer.lines, total: answer.total };
          }}
        />
      </div>
    <Paged columns={columns} rows={data?.lines} total={data?.total} pageSize={LEDGER_PAGE_SIZE} page={page} onPage={setPage} testId="member-ledger" />
    </>
  );
}

function Withdrawals({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const data = useMemberWithdrawals(id, page).data;
  type Row = NonNullable<typeof data>['withdrawals'][number];
  const columns: ColumnDef<Row, unknown>[] = [
    { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
    { header: t('members.bank'), cell: ({ row }) => `${row.original.bankCode} ${row.original.bankAccountNo}` },
    { header: t('members.reference'), accessorKey: 'reference', cell: ({ row }) => <span className="font-mono">{formatReference(row.original.reference)}</span> },
    { header: t('members.status'), accessorKey: 'status' },
    { header: t('corrections.decidedBy'), cell: ({ row }) => row.original.decidedBy ?? '-' },
    { header: t('members.amount'), accessorKey: 'amount', cell: ({ row }) => money(row.original.amount) },
  ];
  return (
    <>
      <div className="mb-2 flex justify-end">
        <ExportButton
          fileName={`member-${id}-withdrawals.csv`}
          columns={[{ header: 'time', value: (row: Row) => row.createdAt }, { header: 'bank', value: (row) => `${row.bankCode} ${row.bankAccountNo}` }, { header: 'status', value: (row) => row.status }, { header: 'decided by', value: (row) => row.decidedBy }, { header: 'amount', value: (row) => row.amount.toFixed(2) }]}
          loadPage={async (next) => {
            const answer = await fetchMemberRecords(id, 'withdrawals', next, adminWithdrawalsResponse);
            return { rows: answer.withdrawals, total: answer.total, totalCapped: answer.totalCapped };
          }}
        />
      </div>
    <Paged columns={columns} rows={data?.withdrawals} total={data?.total} totalCapped={data?.totalCapped} pageSize={RECORDS_PAGE_SIZE} page={page} onPage={setPage} testId="member-withdrawals" />
    </>
  );
}

function Slips({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const data = useMemberSlips(id, page).data;
  type Row = NonNullable<typeof data>['slips'][number];
  const columns: ColumnDef<Row, unknown>[] = [
    { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
    { header: t('members.status'), cell: ({ row }) => `${row.original.status}${row.original.note ? ` · ${t(`errors.${row.original.note}`)}` : ''}` },
    { header: t('members.amount'), accessorKey: 'amount', cell: ({ row }) => money(row.original.amount) },
    // The signed link lasts 15 minutes: a list older than that is refreshed by reopening the tab.
    { header: '', id: 'image', cell: ({ row }) => <a className="text-accent-300 underline" href={row.original.link} target="_blank" rel="noopener noreferrer">{t('queues.viewSlip')}</a> },
  ];
  return (
    <>
      <div className="mb-2 flex justify-end">
        <ExportButton
          fileName={`member-${id}-slips.csv`}
          columns={[{ header: 'time', value: (row: Row) => row.createdAt }, { header: 'status', value: (row) => row.status }, { header: 'note', value: (row) => row.note }, { header: 'reference', value: (row) => row.reference }, { header: 'amount', value: (row) => row.amount.toFixed(2) }]}
          loadPage={async (next) => {
            const answer = await fetchMemberRecords(id, 'slips', next, adminSlipsResponse);
            return { rows: answer.slips, total: answer.total, totalCapped: answer.totalCapped };
          }}
        />
      </div>
    <Paged columns={columns} rows={data?.slips} total={data?.total} totalCapped={data?.totalCapped} pageSize={RECORDS_PAGE_SIZE} page={page} onPage={setPage} testId="member-slips" />
    </>
  );
}

function Invitees({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const data = useMemberInvitees(id, page).data;
  type Row = NonNullable<typeof data>['invitees'][number];
  const columns: ColumnDef<Row, unknown>[] = [
    { header: t('members.phone'), cell: ({ row }) => <Link className="font-mono text-accent-300 underline" to={`/members/${row.original._id}`}>{row.original.phone}</Link> },
    { header: t('members.name'), accessorKey: 'name' },
    { header: t('members.joined'), cell: ({ row }) => formatTime(row.original.createdAt) },
    { header: t('members.wallet'), cell: ({ row }) => money(row.original.wallet) },
  ];
  return (
    <>
      <div className="mb-2 flex justify-end">
        <ExportButton
          fileName={`member-${id}-invitees.csv`}
          columns={[{ header: 'id', value: (row: Row) => row._id }, { header: 'phone', value: (row) => row.phone }, { header: 'name', value: (row) => row.name }, { header: 'joined', value: (row) => row.createdAt }, { header: 'wallet', value: (row) => row.wallet.toFixed(2) }]}
          loadPage={async (next) => {
            const answer = await fetchMemberRecords(id, 'invitees', next, memberInviteesResponse);
            return { rows: answer.invitees, total: answer.total };
          }}
        />
      </div>
    <Paged columns={columns} rows={data?.invitees} total={data?.total} pageSize={RECORDS_PAGE_SIZE} page={page} onPage={setPage} testId="member-invitees" />
    </>
  );
}

function Sessions({ sessions }: { sessions: MemberDetail['sessions'] }) {
  const { t } = useTranslation();
  const columns: ColumnDef<MemberDetail['sessions'][number], unknown>[] = [
    { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
    { header: t('audit.ip'), cell: ({ row }) => row.original.ip ?? '-' },
    { header: 'User agent', cell: ({ row }) => <span className="text-xs text-white/60">{row.original.userAgent ?? '-'}</span> },
  ];
  return <DataTable columns={columns} rows={sessions} total={sessions.length} page={1} pageSize={1000} testId="member-sessions" />;
}

function AuditTrail({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const data = useMemberAuditTrail(id, page).data;
  type Row = NonNullable<typeof data>['entries'][number];
  const columns: ColumnDef<Row, unknown>[] = [
    { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
    { header: t('audit.actor'), accessorKey: 'actor' },
    { header: t('audit.action'), accessorKey: 'action' },
    { header: t('audit.detail'), cell: ({ row }) => <code className="text-xs text-white/70">{JSON.stringify(row.original.detail)}</code> },
    { header: t('common.requestId'), id: 'requestId', cell: ({ row }) => <RequestId id={row.original.requestId} /> },
  ];
  return <Paged columns={columns} rows={data?.entries} total={data?.total} pageSize={RECORDS_PAGE_SIZE} page={page} onPage={setPage} testId="member-audit" />;
}

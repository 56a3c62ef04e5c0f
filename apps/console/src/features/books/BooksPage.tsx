import type { ColumnDef } from '@tanstack/react-table';
import type { booksCheck } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useBooksChecks } from './api/books-checks';
import { useCheckBooks } from './api/check-books';
import { ExposurePanel } from './ExposurePanel';
import { ReportsPanel } from './ReportsPanel';
import { TabBar, useTabInAddress } from '../../shared/ui/Tabs';

const TABS = ['reports', 'exposure', 'checks'] as const;

/** The books for finance: the daily reports, exposure and the deposit pause, and the hourly proof's history. */
export function BooksPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabInAddress(TABS);
  return (
    <div className="space-y-4">
      <TabBar tabs={TABS} current={tab} onChange={setTab} label={(name) => t(`books.tabs.${name}`)} testId="books-tab" />
      {tab === 'reports' && <ReportsPanel />}
      {tab === 'exposure' && <ExposurePanel />}
      {tab === 'checks' && <ChecksPanel />}
    </div>
  );
}

type Check = z.infer<typeof booksCheck>;
const PAGE_SIZE = 24;
const money = (minor: string, currency: Check['playerFunds'][number]['currency']) => formatMoney(Number(minor) / 100, 'en', currency);

/** The books proven every hour: each proof, what members hold, and every breach named, a page at a time. */
function ChecksPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const checks = useBooksChecks(page).data;
  const check = useCheckBooks();
  const columns = useMemo<ColumnDef<Check, unknown>[]>(
    () => [
      { header: t('books.finishedAt'), accessorKey: 'finishedAt', cell: ({ row }) => formatTime(row.original.finishedAt) },
      { header: t('books.by'), id: 'by', accessorFn: (row) => row.askedBy ?? '', cell: ({ row }) => row.original.askedBy ?? t('books.scheduled') },
      {
        header: t('books.result'),
        accessorKey: 'ok',
        cell: ({ row }) =>
          row.original.ok ? (
            <span className="text-emerald-300">{t('books.balanced')}</span>
          ) : (
            <span className="font-semibold text-rose-300">{t('books.breaches', { count: row.original.breaches })}</span>
          ),
      },
      {
        header: t('books.playerFunds'),
        id: 'funds',
        cell: ({ row }) => (
          <ul>
            {row.original.playerFunds.map((funds) => (
              <li key={funds.currency} className="font-mono" title={t('books.fundsParts', { wallets: money(funds.wallets, funds.currency), games: money(funds.games, funds.currency), pending: money(funds.pending, funds.currency) })}>
                {money(funds.total, funds.currency)}
              </li>
            ))}
          </ul>
        ),
      },
      {
        header: t('books.problems'),
        id: 'problems',
        cell: ({ row }) => (
          <ul className="text-xs text-rose-200">
            {row.original.problems.slice(0, 5).map((problem) => (
              <li key={`${problem.check}:${problem.id}`}>
                <span className="font-semibold">{problem.check}</span> <span className="font-mono">{problem.id}</span>: {problem.problem}
              </li>
            ))}
            {row.original.problems.length > 5 && <li>…</li>}
          </ul>
        ),
      },
    ],
    [t],
  );
  return (
    <div className="space-y-4" data-testid="books-page">
      <div className="flex items-center gap-4">
        <h1 className="text-lg font-bold">{t('books.title')}</h1>
        <Button
          disabled={check.isPending}
          onClick={() => check.mutate(undefined, { onSuccess: (answer) => (answer.check.ok ? toast.success(t('books.checkedOk')) : toast.error(t('books.breaches', { count: answer.check.breaches }))), onError: toastDecisionFailure })}
          data-testid="books-check-now"
        >
          {check.isPending ? t('books.checking') : t('books.checkNow')}
        </Button>
      </div>
      <p className="max-w-3xl text-sm text-white/60">{t('books.about')}</p>
      {checks && <DataTable columns={columns} rows={checks.checks} total={checks.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} testId="books-checks" rowTestId={(row) => `books-check-${row.id}`} />}
    </div>
  );
}

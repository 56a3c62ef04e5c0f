import { PAGE_SIZE, type StatementEntry, formatReference, isCalendarDay } from '@wallet/contract';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useStatement } from './api/get-statement';
import { formatDateTime } from '../../shared/format';
import { relativeTime } from '../../shared/relativeTime';
import { Button } from '../../shared/ui/Button';
import { Money } from '../../shared/ui/Money';
import { Card, Page } from '../../shared/ui/Page';
import { PageNumbers } from '../../shared/ui/PageNumbers';
import { ArrowDownIcon, ArrowUpIcon, CollectIcon } from '../../shared/ui/more-icons';
import { SlipModal } from './SlipModal';
import { NO_FILTER, type StatementFilterState, StatementFilters, toServerFilter } from './StatementFilters';
import { StatementReceipt } from './StatementReceipt';
import { relatedOf, sign, useAccountNames, useRefusalReason } from './entry';
import { STATUS_STYLE, statusKey } from './status';

/** A link to a range of days (the member's figures offer 3 and 12 months) opens as a custom period. */
function linkedFilter(search: URLSearchParams): StatementFilterState {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (!isCalendarDay(from) || !isCalendarDay(to) || from > to) return NO_FILTER;
  return { ...NO_FILTER, period: 'custom', from, to };
}

const ICONS = { deposit: ArrowDownIcon, bonus: ArrowDownIcon, finish_bonus: CollectIcon, withdraw: ArrowUpIcon, transfer: CollectIcon } as const;

export function StatementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // Read once, as the screen opens: useLocation is in the first screen's code already, useSearchParams is not (/login's budget).
  const { search } = useLocation();
  const [filter, setFilter] = useState<StatementFilterState>(() => linkedFilter(new URLSearchParams(search)));
  const [slipsOpen, setSlipsOpen] = useState(false);
  const [receipt, setReceipt] = useState<StatementEntry | null>(null);
  const statement = useStatement(page, toServerFilter(filter));
  const totalPages = Math.ceil((statement.data?.total ?? 0) / PAGE_SIZE.statement);
  const accountName = useAccountNames();
  const refusal = useRefusalReason();
  const filtered = filter.type !== 'all' || filter.period !== 'all';
  // A new filter is a new list: it starts at its first page.
  const changeFilter = (next: StatementFilterState) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Page title={t('statement.title')}>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{t('statement.title')}</h1>
          <Button variant="secondary" className="min-h-11 shrink-0 whitespace-nowrap px-4 text-sm" onClick={() => setSlipsOpen(true)} data-testid="open-slips">{t('slip.status')}</Button>
        </div>
        <StatementFilters value={filter} onChange={changeFilter} />
        {statement.data && statement.data.statements.length === 0 && <p className="py-8 text-center text-white/60" data-testid="statement-empty">{t(filtered ? 'statement.emptyFiltered' : 'statement.empty')}</p>}
        <ul className="mt-4 divide-y divide-white/10" data-testid="statement-list">
          {statement.data?.statements.map((entry) => {
            const Icon = ICONS[entry.statementType];
            const ago = relativeTime(entry.createdAt);
            return (
              <li key={`${entry.statementType}-${entry._id}`}>
                {/* The whole line opens its receipt. */}
                <button type="button" className="flex w-full items-center gap-3 py-3 text-left hover:bg-white/[0.03]" onClick={() => setReceipt(entry)} aria-haspopup="dialog" data-testid="statement-line">
                  <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-white/5 text-gold-300"><Icon className="h-6 w-6" /></span>
                  <span className="block min-w-0 flex-1">
                    <span className="block font-semibold">{t(`statement.types.${entry.statementType}`, { from: accountName(entry.from), to: accountName(entry.to) })}</span>
                    {relatedOf(entry) && <span className="block text-sm text-gold-300" data-testid="statement-related">{relatedOf(entry)}</span>}
                    {entry.statementType === 'transfer' && (
                      // Both ends of a transfer on their own line, each name whole; the line wraps between them, never cuts one off.
                      <span className="block text-sm text-white/80" data-testid="statement-route">
                        <span className="whitespace-nowrap">{accountName(entry.from)}</span> → <span className="whitespace-nowrap">{accountName(entry.to)}</span>
                      </span>
                    )}
                    {entry.checking && (
                      <span className="block text-sm text-gold-300" data-testid="statement-withdraw-checking">
                        {t('statement.checkingSince', { time: formatDateTime(entry.createdAt) })}
                      </span>
                    )}
                    {entry.statementType === 'withdraw' && entry.status === 'FAILED' && (
                      // Why it was refused, and that the money is back in the wallet.
                      <span className="block text-sm" data-testid="statement-withdraw-refused">
                        {entry.reason && <span className="block text-rose-300">{t('statement.refusedBecause', { reason: refusal(entry.reason) })}</span>}
                        <span className="block text-emerald-300">
                          {t('statement.returnedToWallet')} <span className="whitespace-nowrap font-semibold">+<Money value={entry.amount} /></span>
                        </span>
                      </span>
                    )}
                    <span className="block text-xs text-white/50">
                      <span className="[overflow-wrap:anywhere]">{formatDateTime(entry.createdAt)}</span> · <span className="whitespace-nowrap">{t(`statement.ago.${ago.unit}`, { count: ago.count })}</span>
                    </span>
                    {entry.reference && (
                      <span className="block text-xs text-white/50" data-testid="statement-reference">
                        {t('statement.receipt.reference')} <span className="whitespace-nowrap font-mono text-white/70">{formatReference(entry.reference)}</span>
                      </span>
                    )}
                  </span>
                  <span className="block shrink-0 text-right">
                    <span className="block font-bold tabular-nums">{sign(entry)}<Money value={entry.amount} /></span>
                    <span className={`inline-block rounded-full px-2 py-0.5 text-[11px] font-semibold ${STATUS_STYLE[entry.status]}`}>{t(statusKey(entry))}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <PageNumbers page={page} totalPages={totalPages} onPage={setPage} />
      </Card>
      {slipsOpen && <SlipModal onClose={() => setSlipsOpen(false)} />}
      {receipt && <StatementReceipt entry={receipt} onClose={() => setReceipt(null)} />}
    </Page>
  );
}

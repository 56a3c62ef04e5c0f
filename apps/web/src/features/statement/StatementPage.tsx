import { PAGE_SIZE, type StatementEntry } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useStatement } from './api/get-statement';
import { bankNameIn, formatDateTime } from '../../shared/format';
import { useBanks } from '../../shared/api/lookup/get-banks';
import { useWallet } from '../../shared/api/wallet';
import { relativeTime } from '../../shared/relativeTime';
import { Button } from '../../shared/ui/Button';
import { Money } from '../../shared/ui/Money';
import { Card, Page } from '../../shared/ui/Page';
import { PageNumbers } from '../../shared/ui/PageNumbers';
import { ArrowDownIcon, ArrowUpIcon, CollectIcon } from '../../shared/ui/more-icons';
import { SlipModal } from './SlipModal';
import { STATUS_STYLE } from './status';

const ICONS = { deposit: ArrowDownIcon, bonus: ArrowDownIcon, finish_bonus: CollectIcon, withdraw: ArrowUpIcon, transfer: CollectIcon } as const;
/** Deposit methods and other codes with a name of their own in the texts. */
const NAMED_CODES = new Set(['WALLET', 'OPERATOR', 'SLIP', 'TRUEMONEY', 'MANUAL']);
/** Payment gateways: named in the texts, as on the deposit screen (deposit.gateways). */
const GATEWAY_CODES = new Set(['WW', 'ZAPMAN']);
/** A reason the server sent as a code (TRANSFER_FAIL); an operator's own words are shown as written. */
const isCode = (reason: string) => /^[A-Z0-9_]+$/.test(reason);

/**
 * Issue 31 §8: a code on a statement line reads as its name in the screen's language: a game
 * provider by its card's name, a bank by the banks lookup; a code nothing names stays as it is.
 */
function useAccountNames(): (code: string) => string {
  const { t, i18n } = useTranslation();
  const slots = useWallet().data?.slots;
  const banks = useBanks().data?.banks;
  return (code) => {
    if (NAMED_CODES.has(code)) return t(`statement.codes.${code}`);
    if (GATEWAY_CODES.has(code)) return t(`deposit.gateways.${code}`);
    const slot = slots?.find((item) => item.code === code);
    if (slot) return slot.name;
    const bank = banks?.find((item) => item.code === code);
    return bank ? bankNameIn(i18n.language, bank) : code;
  };
}

/** SPEC §9: plus for deposit and bonus, minus for withdraw, none otherwise. */
/** SPEC §3: a bonus or finish_bonus entry names the reward it belongs to. */
const relatedOf = (entry: StatementEntry) => (entry.bonus ?? entry.promotion ?? entry.invite ?? entry.refund ?? entry.luckydraw)?.description;

function sign(entry: StatementEntry): string {
  if (entry.statementType === 'deposit' || entry.statementType === 'bonus') return '+';
  if (entry.statementType === 'withdraw') return '−';
  return '';
}

export function StatementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const statement = useStatement(page);
  const totalPages = Math.ceil((statement.data?.total ?? 0) / PAGE_SIZE.statement);
  const accountName = useAccountNames();

  return (
    <Page title={t('statement.title')}>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{t('statement.title')}</h1>
          <Button variant="secondary" className="min-h-11 shrink-0 whitespace-nowrap px-4 text-sm" onClick={() => setSlipsOpen(true)} data-testid="open-slips">{t('slip.status')}</Button>
        </div>
        {statement.data && statement.data.statements.length === 0 && <p className="py-8 text-center text-white/60">{t('statement.empty')}</p>}
        <ul className="mt-4 divide-y divide-white/10" data-testid="statement-list">
          {statement.data?.statements.map((entry) => {
            const Icon = ICONS[entry.statementType];
            const ago = relativeTime(entry.createdAt);
            return (
              <li key={`${entry.statementType}-${entry._id}`} className="flex items-center gap-3 py-3">
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-white/5 text-gold-300"><Icon className="h-6 w-6" /></span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{t(`statement.types.${entry.statementType}`, { from: accountName(entry.from), to: accountName(entry.to) })}</p>
                  {relatedOf(entry) && <p className="text-sm text-gold-300" data-testid="statement-related">{relatedOf(entry)}</p>}
                  {entry.statementType === 'transfer' && (
                    // Both ends of a transfer on their own line, each name whole; the line wraps between them, never cuts one off.
                    <p className="text-sm text-white/80" data-testid="statement-route">
                      <span className="whitespace-nowrap">{accountName(entry.from)}</span> → <span className="whitespace-nowrap">{accountName(entry.to)}</span>
                    </p>
                  )}
                  {entry.statementType === 'withdraw' && entry.status === 'FAILED' && (
                    // Issue 31 §7: why it was refused, and that the money is back in the wallet.
                    <div className="text-sm" data-testid="statement-withdraw-refused">
                      {entry.reason && <p className="text-rose-300">{t('statement.refusedBecause', { reason: isCode(entry.reason) ? t(`errors.${entry.reason}`, { defaultValue: entry.reason }) : entry.reason })}</p>}
                      <p className="text-emerald-300">
                        {t('statement.returnedToWallet')} <span className="whitespace-nowrap font-semibold">+<Money value={entry.amount} /></span>
                      </p>
                    </div>
                  )}
                  <p className="text-xs text-white/50">
                    <span className="[overflow-wrap:anywhere]">{formatDateTime(entry.createdAt)}</span> · <span className="whitespace-nowrap">{t(`statement.ago.${ago.unit}`, { count: ago.count })}</span>
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-bold tabular-nums">{sign(entry)}<Money value={entry.amount} /></p>
                  <span className={`inline-block rounded-full px-2 py-0.5 text-[11px] font-semibold ${STATUS_STYLE[entry.status]}`}>{t(`statement.status.${entry.status}`)}</span>
                </div>
              </li>
            );
          })}
        </ul>
        <PageNumbers page={page} totalPages={totalPages} onPage={setPage} />
      </Card>
      {slipsOpen && <SlipModal onClose={() => setSlipsOpen(false)} />}
    </Page>
  );
}

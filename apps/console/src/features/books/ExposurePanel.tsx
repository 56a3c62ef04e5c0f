import { type CurrencyCode, type exposureCurrency, walletCurrencyOf } from '@wallet/contract';
import { wireAmount } from '@wallet/client-kit/amount-input';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { SITE_PROFILE } from '../../shared/site';
import { Button } from '../../shared/ui/Button';
import { AmountField, CurrencyField, TextField } from '../../shared/ui/Field';
import { toastDecisionFailure } from '../../shared/ui/decision-toast';
import { formatMoney, formatTime } from '../../shared/ui/format';
import { useDecideDepositPause, useProposeDepositPause } from './api/deposit-pause';
import { useEnterBankBalance } from './api/enter-bank-balance';
import { useExposure } from './api/exposure';

type Exposure = z.infer<typeof exposureCurrency>;

/**
 * What the operator owes members against what its banks hold (docs/operations.md "Exposure"), per
 * currency, with the deposit pause two operators decide.
 */
export function ExposurePanel() {
  const { t } = useTranslation();
  const exposure = useExposure().data;
  if (!exposure) return <p className="text-white/50">…</p>;
  return (
    <div className="space-y-4" data-testid="books-exposure">
      <p className="max-w-3xl text-sm text-white/60">{t('books.exposure.about')}</p>
      <DepositPauseCard pause={exposure.depositPause} proposal={exposure.pauseProposal} />
      <div className="grid gap-4 xl:grid-cols-2">
        {exposure.currencies.map((row) => (
          <CurrencyExposure key={row.currency} row={row} />
        ))}
      </div>
      <BankBalanceForm />
      <p className="text-xs text-white/50">{t('books.exposure.at', { time: formatTime(exposure.at) })}</p>
    </div>
  );
}

function CurrencyExposure({ row }: { row: Exposure }) {
  const { t } = useTranslation();
  const money = (minor: string) => formatMoney(Number(minor) / 100, 'en', row.currency);
  const lines: { label: string; value: string; note?: string; strong?: boolean }[] = [
    { label: t('books.exposure.wallets'), value: money(row.playerFunds.wallets) },
    { label: t('books.exposure.games'), value: money(row.playerFunds.games) },
    { label: t('books.exposure.pending'), value: money(row.playerFunds.pending) },
    { label: t('books.exposure.playerFunds'), value: money(row.playerFunds.total), strong: true },
  ];
  const within: { label: string; value: string; note: string }[] = [
    { label: t('books.exposure.pendingWithdrawals'), value: money(row.pendingWithdrawals.amount), note: t('books.exposure.count', { count: row.pendingWithdrawals.count }) },
    { label: t('books.exposure.providerInFlight'), value: money(row.providerInFlight.amount), note: t('books.exposure.count', { count: row.providerInFlight.count }) },
    { label: t('books.exposure.underCondition'), value: money(row.underCondition.amount), note: t('books.exposure.conditionNote', { count: row.underCondition.count, rewards: money(row.underCondition.rewards) }) },
  ];
  const unclaimed = [
    { label: t('books.exposure.spinPrizes'), value: money(row.unclaimed.spinPrizes.amount), note: t('books.exposure.count', { count: row.unclaimed.spinPrizes.count }) },
    { label: t('books.exposure.inviteRewards'), value: money(row.unclaimed.inviteRewards.amount), note: t('books.exposure.count', { count: row.unclaimed.inviteRewards.count }) },
  ];
  const short = BigInt(row.cover) < 0n;
  return (
    <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid={`exposure-${row.currency}`}>
      <h2 className="font-bold">{t(`common.currencies.${row.currency}`)}</h2>
      <table className="w-full text-sm">
        <tbody>
          {lines.map((line) => (
            <tr key={line.label} className={line.strong ? 'border-t border-white/10 font-semibold' : ''}>
              <td className="py-0.5 pr-4">{line.label}</td>
              <td className="py-0.5 text-right font-mono">{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <NotedLines title={t('books.exposure.within')} lines={within} />
      <NotedLines title={t('books.exposure.unclaimed')} lines={unclaimed} />
      <div>
        <h3 className="text-xs font-semibold uppercase text-white/50">{t('books.exposure.banks')}</h3>
        {row.bankAccounts.length === 0 ? (
          <p className="text-sm text-white/50">{t('books.exposure.noBanks')}</p>
        ) : (
          <table className="w-full text-sm">
            <tbody>
              {row.bankAccounts.map((account) => (
                <tr key={account.id}>
                  <td className="py-0.5 pr-4">{account.name}</td>
                  <td className="py-0.5 text-xs text-white/50">{t('books.exposure.enteredBy', { name: account.enteredBy, time: formatTime(account.enteredAt) })}</td>
                  <td className="py-0.5 text-right font-mono">{money(account.balance)}</td>
                </tr>
              ))}
              <tr className="border-t border-white/10 font-semibold">
                <td className="py-0.5 pr-4">{t('books.exposure.bankTotal')}</td>
                <td />
                <td className="py-0.5 text-right font-mono">{money(row.bankTotal)}</td>
              </tr>
            </tbody>
          </table>
        )}
      </div>
      <div className={`flex items-center justify-between rounded-lg px-3 py-2 ${short ? 'bg-rose-500/15 text-rose-200' : 'bg-emerald-500/10 text-emerald-200'}`} data-testid={`cover-${row.currency}`}>
        <span className="font-semibold">{short ? t('books.exposure.shortfall') : t('books.exposure.cover')}</span>
        <span className="font-mono text-lg font-bold">{money(row.cover)}</span>
      </div>
    </section>
  );
}

function DepositPauseCard({ pause, proposal }: { pause: { paused: boolean; since: string | null; proposedBy: string | null; approvedBy: string | null; reason: string | null }; proposal: { _id: string; paused: boolean; reason: string; proposedBy: string; createdAt: string } | null }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const [reason, setReason] = useState('');
  const propose = useProposeDepositPause();
  const decide = useDecideDepositPause();
  const mine = proposal !== null && me?.username === proposal.proposedBy;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    propose.mutate(
      { paused: !pause.paused, reason },
      {
        onSuccess: () => {
          setReason('');
          toast.success(t('books.pause.proposed'));
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };
  return (
    <section className={`space-y-3 rounded-xl border p-4 ${pause.paused ? 'border-rose-400/40 bg-rose-500/10' : 'border-white/10 bg-desk-900'}`} data-testid="deposit-pause">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 className="font-bold">{t('books.pause.title')}</h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${pause.paused ? 'bg-rose-500/30 text-rose-100' : 'bg-emerald-500/20 text-emerald-200'}`} data-testid="deposit-pause-state">
          {pause.paused ? t('books.pause.paused') : t('books.pause.open')}
        </span>
        {pause.since && (
          <span className="text-xs text-white/60">{t('books.pause.since', { time: formatTime(pause.since), proposer: pause.proposedBy ?? '-', approver: pause.approvedBy ?? '-', reason: pause.reason ?? '' })}</span>
        )}
      </div>
      <p className="text-sm text-white/60">{t('books.pause.about')}</p>
      {proposal ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300/30 bg-amber-400/10 p-3 text-sm" data-testid="deposit-pause-proposal">
          <span>
            {t(proposal.paused ? 'books.pause.proposalPause' : 'books.pause.proposalResume', { name: proposal.proposedBy, time: formatTime(proposal.createdAt), reason: proposal.reason })}
          </span>
          {mine ? (
            <span className="text-xs text-amber-100">{t('books.pause.waitsForAnother')}</span>
          ) : (
            <>
              <Button busy={decide.isPending} onClick={() => decide.mutate({ id: proposal._id, decision: 'approve' }, { onSuccess: () => toast.success(t('books.pause.decided')), onError: toastDecisionFailure })} data-testid="deposit-pause-approve">
                {t('books.pause.approve')}
              </Button>
              <Button
                variant="secondary"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: proposal._id, decision: 'reject', note: t('books.pause.rejectNote') }, { onError: toastDecisionFailure })}
                data-testid="deposit-pause-reject"
              >
                {t('books.pause.reject')}
              </Button>
            </>
          )}
        </div>
      ) : (
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
          <TextField className="w-96" label={t('books.pause.reason')} value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={500} required data-testid="deposit-pause-reason" />
          <Button type="submit" variant={pause.paused ? 'primary' : 'danger'} busy={propose.isPending} data-testid="deposit-pause-propose">
            {pause.paused ? t('books.pause.proposeResume') : t('books.pause.proposePause')}
          </Button>
        </form>
      )}
    </section>
  );
}

function BankBalanceForm() {
  const { t } = useTranslation();
  const currencies = SITE_PROFILE.currencies.map((currency) => walletCurrencyOf(currency));
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState<CurrencyCode>(currencies[0]!);
  const [amount, setAmount] = useState('');
  const enter = useEnterBankBalance();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const balance = wireAmount(amount, currency);
    if (!Number.isFinite(balance)) return toast.error(t('books.exposure.badAmount'));
    enter.mutate(
      { name, currency, balance },
      {
        onSuccess: () => {
          setAmount('');
          toast.success(t('books.exposure.entered'));
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };
  return (
    <form className="flex flex-wrap items-end gap-3 rounded-xl border border-white/10 bg-desk-900 p-4" onSubmit={submit} data-testid="bank-balance-form">
      <h2 className="w-full font-bold">{t('books.exposure.enterTitle')}</h2>
      <TextField className="w-72" label={t('books.exposure.account')} value={name} onChange={(event) => setName(event.target.value)} maxLength={60} required data-testid="bank-balance-name" />
      {currencies.length > 1 && <CurrencyField className="w-44" currencies={currencies} value={currency} onChange={(event) => setCurrency(event.target.value as CurrencyCode)} />}
      <AmountField className="w-56" label={t('books.exposure.balance')} currency={currency} value={amount} onChange={(event) => setAmount(event.target.value)} required data-testid="bank-balance-amount" />
      <Button type="submit" busy={enter.isPending}>
        {t('books.exposure.enter')}
      </Button>
    </form>
  );
}

/** A titled list of figures, each with a note on what it counts. */
function NotedLines({ title, lines }: { title: string; lines: { label: string; note: string; value: string }[] }) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase text-white/50">{title}</h3>
      <table className="w-full text-sm">
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <td className="py-0.5 pr-4">{line.label}</td>
              <td className="py-0.5 text-xs text-white/50">{line.note}</td>
              <td className="py-0.5 text-right font-mono">{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { AutoPayoutState, CurrencyCode } from '@wallet/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { hasRole, useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { TextField } from '../../shared/ui/Field';
import { formatEpoch, formatMoney } from '../../shared/ui/format';
import { useAutoPayout } from '../../shared/api/auto-payout';
import { durationText, shareText } from '../../shared/ui/duration';
import { usePauseAutoPayout } from './api/auto-payout';

const CURRENCIES: readonly CurrencyCode[] = ['THB', 'LAK'];

/**
 * Auto-payout above the withdrawals it pays: whether it runs, the one switch that stops it (any
 * finance operator pauses; only an admin resumes), each currency's amount, budget and today's use,
 * the account it pays from, what is with the bank now, and the last 30 days.
 */
export function AutoPayoutPanel() {
  const { t } = useTranslation();
  const isAdmin = hasRole(useMe().data?.roles, 'admin');
  const state = useAutoPayout().data;
  const [asking, setAsking] = useState(false);
  if (!state) return null;
  const canSwitch = !state.paused || isAdmin;
  return (
    <section className={`rounded-xl border p-4 ${state.paused ? 'border-amber-400/40 bg-amber-500/5' : 'border-white/10 bg-desk-900'}`} data-testid="auto-payout">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-bold">
            {t('autoPayout.title')}{' '}
            {state.paused && <span className="ml-1 rounded border border-amber-400/40 bg-amber-500/10 px-1.5 py-0.5 text-sm font-semibold text-amber-200" data-testid="auto-payout-paused">{t('autoPayout.isPaused')}</span>}
          </h2>
          <p className="text-xs text-white/60" data-testid="auto-payout-status">
            {state.paused
              ? t('autoPayout.pausedBy', { name: state.pausedBy ?? '-', time: state.pausedAt === null ? '-' : formatEpoch(state.pausedAt), reason: state.pauseReason ?? '-' })
              : t('autoPayout.running')}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {state.paused && !isAdmin && <span className="text-xs text-white/60" data-testid="auto-payout-admin-only">{t('autoPayout.resumeAdminOnly')}</span>}
          {canSwitch && (
            <Button variant={state.paused ? 'primary' : 'danger'} onClick={() => setAsking(true)} data-testid="auto-payout-switch">
              {t(state.paused ? 'autoPayout.resume' : 'autoPayout.pause')}
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_1fr_1.4fr]">
        {CURRENCIES.map((currency) => (
          <CurrencyCard key={currency} currency={currency} limits={state[currency]} />
        ))}
        <Figures state={state} />
      </div>
      <SwitchDialog open={asking} pause={!state.paused} onClose={() => setAsking(false)} />
    </section>
  );
}

function CurrencyCard({ currency, limits }: { currency: CurrencyCode; limits: AutoPayoutState['THB'] }) {
  const { t } = useTranslation();
  const money = (value: number) => `${formatMoney(value, 'en', currency)} ${currency}`;
  const on = limits.max > 0 && limits.dailyBudget > 0 && limits.payoutAccount !== null;
  const rows = [
    ['max', limits.max > 0 ? money(limits.max) : t('autoPayout.off')],
    ['dailyBudget', limits.dailyBudget > 0 ? money(limits.dailyBudget) : t('autoPayout.off')],
    ['spentToday', money(limits.spentToday)],
    ['payoutAccount', limits.payoutAccount ?? t('autoPayout.noAccount')],
  ] as const;
  return (
    <div className="rounded-lg border border-white/10 p-3" data-testid={`auto-payout-${currency}`}>
      <p className={`mb-2 text-xs font-semibold uppercase ${on ? 'text-accent-300' : 'text-white/50'}`}>{t(`common.currencies.${currency}`)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-white/60">{t(`autoPayout.${key}`)}</dt>
            <dd className="text-right font-mono" data-testid={`auto-payout-${currency}-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Figures({ state }: { state: AutoPayoutState }) {
  const { t } = useTranslation();
  const { figures } = state;
  const items = [
    { key: 'share', label: t('autoPayout.share'), value: shareText(figures.shareAutoPaid), note: t('autoPayout.shareOf', { paid: figures.autoPaid, all: figures.withdrawals }) },
    { key: 'median', label: t('autoPayout.median'), value: durationText(t, figures.medianSecondsToPaid) },
    { key: 'p95', label: t('autoPayout.p95'), value: durationText(t, figures.p95SecondsToPaid) },
    { key: 'by-operators', label: t('autoPayout.byOperators'), value: durationText(t, figures.medianSecondsToPaidByOperators) },
    { key: 'in-flight', label: t('autoPayout.inFlight'), value: String(state.inFlight) },
  ];
  return (
    <div className="rounded-lg border border-white/10 p-3">
      <p className="mb-2 text-xs font-semibold uppercase text-white/50">{t('autoPayout.figures', { days: figures.days })}</p>
      <div className="grid grid-cols-3 gap-3">
        {items.map((item) => (
          <div key={item.key}>
            <p className="text-xs text-white/60">{item.label}</p>
            <p className="font-mono text-lg font-bold" data-testid={`auto-payout-${item.key}`}>{item.value}</p>
            {item.note && <p className="text-xs text-white/50">{item.note}</p>}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Asks why, and says what the switch does, before pausing or resuming. */
function SwitchDialog({ open, pause, onClose }: { open: boolean; pause: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const save = usePauseAutoPayout();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    save.mutate(
      { paused: pause, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t(pause ? 'autoPayout.pausedToast' : 'autoPayout.resumedToast'));
          setReason('');
          onClose();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t(pause ? 'autoPayout.pauseTitle' : 'autoPayout.resumeTitle')} testId="auto-payout-dialog">
      <form className="space-y-4" onSubmit={submit}>
        <p className="text-sm text-white/80">{t(pause ? 'autoPayout.pauseExplain' : 'autoPayout.resumeExplain')}</p>
        <TextField label={t('autoPayout.reasonLabel')} name="reason" value={reason} maxLength={300} autoFocus onChange={(event) => setReason(event.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant={pause ? 'danger' : 'primary'} busy={save.isPending} disabled={!reason.trim()} data-testid="auto-payout-confirm">
            {t(pause ? 'autoPayout.pause' : 'autoPayout.resume')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
